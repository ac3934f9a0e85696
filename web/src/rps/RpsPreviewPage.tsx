import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../layout/QueryState';
import { ApprovalPanel } from './ApprovalPanel';
import { PlanDocument } from './PlanDocument';
import { useRpsPlanQuery, useRpsPreviewQuery } from './rpsApi';
import { StageList } from './StageList';
import styles from './rps.module.css';

/**
 * `/courses/{id}/rps/preview/{code}/{curriculum}` (from the course) and `/rps/{planId}` (from the
 * list, where an approver who is not in the course comes from): the plan as a document beside its
 * stages (done or not, each opening its editor) and what can be done with it now (submit, approve,
 * return, PDF).
 */
export default function RpsPreviewPage() {
  const { t } = useTranslation();
  const { planId, code = '', curriculum = '' } = useParams();
  const byCode = useRpsPreviewQuery({ code, curriculum }, { skip: planId !== undefined });
  const byId = useRpsPlanQuery(planId ?? '', { skip: planId === undefined });
  const plan = planId === undefined ? byCode : byId;
  return (
    <QueryState query={plan} loading={t('rps.plan.loading')} failed={t('rps.plan.failed')} empty={null}>
      {() => (
        <div className={styles.layout}>
          <PlanDocument plan={plan.data!} titleId="rps-title" />
          <div className={styles.panel}>
            <ApprovalPanel plan={plan.data!} />
            <StageList plan={plan.data!} />
            {plan.data!.status === 'approved' && (
              <Link
                to={`/pages/preview-rps/${encodeURIComponent(plan.data!.code)}/${encodeURIComponent(plan.data!.curriculum)}`}
              >
                {t('rps.plan.publicLink')}
              </Link>
            )}
          </div>
        </div>
      )}
    </QueryState>
  );
}
