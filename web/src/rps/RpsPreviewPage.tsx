import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { QueryState } from '../layout/QueryState';
import { ApprovalPanel } from './ApprovalPanel';
import { PlanDocument } from './PlanDocument';
import { useRpsPreviewQuery } from './rpsApi';
import { StageList } from './StageList';
import styles from './rps.module.css';

/**
 * `/courses/{id}/rps/preview/{code}/{curriculum}`: the plan as a document beside its stages (done
 * or not, each opening its editor) and what can be done with it now (submit, approve, return, PDF).
 */
export default function RpsPreviewPage() {
  const { t } = useTranslation();
  const { id = '', code = '', curriculum = '' } = useParams();
  const plan = useRpsPreviewQuery({ code, curriculum });
  return (
    <QueryState query={plan} loading={t('rps.plan.loading')} failed={t('rps.plan.failed')} empty={null}>
      {() => (
        <div className={styles.layout}>
          <PlanDocument plan={plan.data!} titleId="rps-title" />
          <div className={styles.panel}>
            <ApprovalPanel plan={plan.data!} />
            <StageList plan={plan.data!} courseId={id} />
            {plan.data!.status === 'approved' && (
              <Link to={`/pages/preview-rps/${encodeURIComponent(code)}/${encodeURIComponent(curriculum)}`}>
                {t('rps.plan.publicLink')}
              </Link>
            )}
          </div>
        </div>
      )}
    </QueryState>
  );
}
