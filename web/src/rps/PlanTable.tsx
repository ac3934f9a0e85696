import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Rps } from './rpsApi';
import styles from './rps.module.css';

/** Plans as a table: code, course, curriculum, status, stages done, each opening its page (`/rps/{id}`). */
export function PlanTable({ plans }: { plans: Rps[] }) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="data-table">
        <caption id={captionId} className="sr-only">
          {t('rps.list.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('rps.list.code')}</th>
            <th scope="col">{t('rps.list.course')}</th>
            <th scope="col" className={styles.wideOnly}>
              {t('rps.list.curriculum')}
            </th>
            <th scope="col">{t('rps.list.state')}</th>
            <th scope="col" className={styles.wideOnly}>
              {t('rps.list.progress')}
            </th>
          </tr>
        </thead>
        <tbody>
          {plans.map((plan) => {
            const progress = t('rps.list.progressOf', {
              done: plan.stages.filter((stage) => stage.done).length,
              total: plan.stages.length,
            });
            return (
              <tr key={plan.id}>
                <th scope="row">
                  <Link
                    to={`/rps/${encodeURIComponent(plan.id)}`}
                    aria-label={t('rps.list.open', { code: plan.code, curriculum: plan.curriculum })}
                  >
                    {plan.code}
                  </Link>
                </th>
                <td>
                  {plan.course_name}
                  {plan.period_name && <div className="muted small">{plan.period_name}</div>}
                  {/* on a phone the two narrow columns fold in here */}
                  <div className={`muted small ${styles.narrowOnly}`}>
                    {t('rps.doc.curriculum', { curriculum: plan.curriculum })} · {t('rps.list.progress')}:{' '}
                    {progress}
                  </div>
                </td>
                <td className={styles.wideOnly}>{plan.curriculum}</td>
                <td>
                  <span className={plan.status === 'approved' ? 'badge' : 'badge badge-muted'}>
                    {t(`rps.status.${plan.status}`)}
                  </span>
                </td>
                <td className={styles.wideOnly}>{progress}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
