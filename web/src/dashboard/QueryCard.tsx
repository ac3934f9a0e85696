import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from '../layout/DashboardCard';
import { QueryState } from '../layout/QueryState';

/** What a card needs of its query (or of its queries together). */
interface CardQuery {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A dashboard card over its own request: its heading and link, then the request's loading state,
 * its failure with "Try again", its empty state (`isEmpty`), or its content — so each card loads,
 * fails and is empty on its own.
 */
export function QueryCard({
  id,
  title,
  action,
  query,
  isEmpty,
  empty,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  query: CardQuery;
  isEmpty: boolean;
  empty: string;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DashboardCard id={id} title={title} action={action}>
      <QueryState
        query={query}
        loading={t('dashboard.loading')}
        failed={t('dashboard.failed')}
        empty={isEmpty ? empty : null}
      >
        {children}
      </QueryState>
    </DashboardCard>
  );
}
