import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { QueryState } from '../layout/QueryState';
import { PublicFrame } from '../public/PublicFrame';
import { PlanDocument } from './PlanDocument';
import { publicPdfHref, usePublicRpsQuery } from './rpsApi';

/** `/pages/preview-rps/{kodeMk}/{curriculum}`: an approved semester plan for anyone, without signing in. */
export default function PublicRpsPage() {
  const { t } = useTranslation();
  const { kodeMk = '', curriculum = '' } = useParams();
  const plan = usePublicRpsQuery({ code: kodeMk, curriculum });
  const missing = (plan.error as { status?: unknown } | undefined)?.status === 404;
  return (
    <PublicFrame wide title={t('routes.previewRps')}>
      {missing ? (
        <p className="page-message" role="alert">
          {t('rps.public.notFound')}
        </p>
      ) : (
        <QueryState query={plan} loading={t('rps.plan.loading')} failed={t('rps.plan.failed')} empty={null}>
          {() => (
            <>
              <PlanDocument plan={plan.data!} titleId="rps-public-title" />
              <p>
                <a className="button" href={publicPdfHref(kodeMk, curriculum)} download>
                  {t('rps.plan.pdf')}
                </a>
              </p>
            </>
          )}
        </QueryState>
      )}
    </PublicFrame>
  );
}
