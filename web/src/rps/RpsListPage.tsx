import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { QueryState } from '../layout/QueryState';
import { SelectField } from '../layout/SelectField';
import { PlanTable } from './PlanTable';
import { type RpsStatus, useRpsListQuery } from './rpsApi';

const STATUSES: RpsStatus[] = ['draft', 'submitted', 'revision', 'approved'];

/**
 * `/rps`: the semester plans the caller reads — a lecturer's courses', the approver's whole campus
 * — by status (the approver starts at those waiting for approval).
 */
export default function RpsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = STATUSES.find((value) => value === params.get('status'));
  const plans = useRpsListQuery({ status });
  return (
    <section aria-labelledby="rps-list-title">
      <header className="page-header">
        <h1 id="rps-list-title">{t('routes.rpsList')}</h1>
        <p className="muted">{t('rps.list.intro')}</p>
      </header>
      <SelectField
        id="rps-status"
        label={t('rps.list.filter')}
        value={status ?? ''}
        onChange={(value) => setParams(value ? { status: value } : {})}
      >
        <option value="">{t('rps.list.all')}</option>
        {STATUSES.map((value) => (
          <option key={value} value={value}>
            {t(`rps.status.${value}`)}
          </option>
        ))}
      </SelectField>
      <QueryState
        query={plans}
        loading={t('rps.list.loading')}
        failed={t('rps.list.failed')}
        empty={plans.data?.length === 0 ? t('rps.list.empty') : null}
      >
        {() => <PlanTable plans={plans.data!} />}
      </QueryState>
    </section>
  );
}
