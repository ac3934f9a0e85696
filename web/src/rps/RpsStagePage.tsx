import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { QueryState } from '../layout/QueryState';
import { ReviewComment } from './ApprovalPanel';
import { useDates } from '../lib/dates';
import { STAGE_SLUGS, type StageSlug, useRpsListQuery, useRpsPlanQuery } from './rpsApi';
import { StageEditor } from './StageEditor';
import styles from './rps.module.css';

/**
 * `/courses/{id}/rps/stage/{stage}?plan={planId}`: one stage of a semester plan, autosaved as it
 * is typed; read-only (and saying why) outside the window or status in which it is edited. Without
 * `plan`, the course's newest plan.
 */
export default function RpsStagePage() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const { id = '', stage = '' } = useParams();
  const [params] = useSearchParams();
  const slug = STAGE_SLUGS.find((value) => value === stage) ?? STAGE_SLUGS[0];
  const named = params.get('plan');
  const course = useRpsListQuery({ courseId: id }, { skip: named !== null });
  const planId = named ?? course.data?.[0]?.id ?? '';
  const plan = useRpsPlanQuery(planId, { skip: !planId });
  const number = STAGE_SLUGS.indexOf(slug);
  const stageHref = (to: StageSlug) =>
    `/courses/${encodeURIComponent(id)}/rps/stage/${to}?plan=${encodeURIComponent(planId)}`;

  return (
    <QueryState
      query={planId ? plan : course}
      loading={t('rps.plan.loading')}
      failed={t('rps.plan.failed')}
      empty={!planId && course.data?.length === 0 ? t('rps.list.empty') : null}
    >
      {() =>
        plan.data ? (
          <section aria-labelledby="rps-stage-title" className={styles.panel}>
            <header className="page-header">
              <p className="muted">
                {plan.data.code} · {plan.data.course_name} · {plan.data.curriculum} ·{' '}
                {t(`rps.status.${plan.data.status}`)}
              </p>
              <h1 id="rps-stage-title">
                {number + 1}. {t(`rps.stages.${slug}`)}
              </h1>
              <Link
                to={`/courses/${encodeURIComponent(id)}/rps/preview/${encodeURIComponent(plan.data.code)}/${encodeURIComponent(plan.data.curriculum)}`}
              >
                {t('rps.editor.back')}
              </Link>
            </header>
            {!plan.data.editable && (
              <p className="alert alert-warning">
                {t('rps.plan.readOnly', {
                  start: dateTime(plan.data.rps_start),
                  end: dateTime(plan.data.rps_end),
                })}
              </p>
            )}
            {plan.data.status === 'revision' && <ReviewComment plan={plan.data} />}
            <StageEditor key={`${plan.data.id}-${slug}`} plan={plan.data} slug={slug} />
            <nav className={styles.stageNav} aria-label={t('rps.plan.stagesTitle')}>
              {number > 0 ? (
                <Link className="button" to={stageHref(STAGE_SLUGS[number - 1])}>
                  {t('rps.editor.previous')}
                </Link>
              ) : (
                <span />
              )}
              {number < STAGE_SLUGS.length - 1 && (
                <Link className="button" to={stageHref(STAGE_SLUGS[number + 1])}>
                  {t('rps.editor.next')}
                </Link>
              )}
            </nav>
          </section>
        ) : null
      }
    </QueryState>
  );
}
