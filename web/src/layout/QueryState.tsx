import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import { notificationFor } from '../notifications/notification';

/** What a screen needs of an RTK Query result to say where it stands. */
interface QueryLike {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A query's loading, failure (with "Try again") and empty states, else its content: the one way
 * the messaging, survey and own-space (bookmarks, notes, conferences) lists and pages say them.
 */
export function QueryState({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: QueryLike;
  loading: string;
  failed: string;
  /** Said instead of the content when there is nothing (null: the content is shown). */
  empty: string | null;
  children: () => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isLoading) return <Spinner label={loading} />;
  if (query.isError)
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(query.error, failed).text}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  if (empty !== null) return <p className="muted empty-state">{empty}</p>;
  return <>{children()}</>;
}

/**
 * A form page of a new item (no `id`: the form at once) or of an existing one (`/…/{id}/edit`: the
 * form once the item is read, with the query's loading and failure states).
 */
export function NewOrExisting<T>({
  id,
  query,
  loading,
  failed,
  children,
}: {
  id: string | undefined;
  query: QueryLike & { data?: T };
  loading: string;
  failed: string;
  children: (item?: T) => ReactNode;
}) {
  if (!id) return <>{children()}</>;
  return (
    <QueryState query={query} loading={loading} failed={failed} empty={null}>
      {() => children(query.data)}
    </QueryState>
  );
}
