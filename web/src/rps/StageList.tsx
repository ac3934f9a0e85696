import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Rps } from './rpsApi';
import styles from './rps.module.css';

/** The 11 stages with done / not done, each a link to its editor (read-only when the plan is closed). */
export function StageList({ plan }: { plan: Rps }) {
  const { t } = useTranslation();
  const base = `/courses/${plan.course_id}/rps/stage`;
  return (
    <section aria-labelledby="rps-stages" className="card card-body">
      <h2 id="rps-stages" className="section-title">
        {t('rps.plan.stagesTitle')}
      </h2>
      <ol className={`plain-list ${styles.stageList}`}>
        {plan.stages.map((stage) => {
          const name = `${stage.stage}. ${t(`rps.stages.${stage.slug}`)}`;
          return (
            <li key={stage.slug} className={styles.stageRow}>
              <Link
                to={`${base}/${stage.slug}?plan=${encodeURIComponent(plan.id)}`}
                aria-label={t(plan.can_edit ? 'rps.plan.editStage' : 'rps.plan.viewStage', { stage: name })}
              >
                {name}
              </Link>
              <span className={stage.done ? 'badge' : 'badge badge-muted'}>
                {t(stage.done ? 'rps.plan.done' : 'rps.plan.notDone')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
