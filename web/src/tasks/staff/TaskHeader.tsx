import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { BookmarkToggle } from '../../space/BookmarkToggle';
import { useTaskQuery } from '../api';
import type { Task } from '../taskTypes';
import styles from './staff.module.css';

/**
 * The frame of a task's staff pages: the task read once (404 → the not-found page), its name and
 * window, and the links between its detail, submissions, editor and downloads.
 */
export function TaskHeader({
  id,
  title,
  children,
}: {
  id: string;
  title?: string;
  children: (task: Task) => ReactNode;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const task = useTaskQuery(id);
  if (task.isLoading) return <Spinner label={t('task.loading')} />;
  const status = (task.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!task.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(task.error, t('task.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void task.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const data = task.data;
  const base = `/assignment/${encodeURIComponent(data.id)}`;
  const window =
    data.start_at && data.end_at ? `${dateTime(data.start_at)} – ${dateTime(data.end_at)}` : null;
  return (
    <>
      <header className="page-header">
        <div>
          <h1>{title ? `${title}: ${data.name}` : data.name}</h1>
          {window && <p className="muted small">{window}</p>}
        </div>
        <BookmarkToggle kind="task" itemId={data.id} title={data.name} />
      </header>
      <nav className={styles.links} aria-label={t('task.staff.pages')}>
        <NavLink className="button small" to={base} end>
          {t('task.staff.page.detail')}
        </NavLink>
        <NavLink className="button small" to={`${base}/submissions`}>
          {t('task.staff.page.submissions')}
        </NavLink>
        <NavLink className="button small" to={`${base}/edit`}>
          {t('task.staff.page.edit')}
        </NavLink>
        <NavLink className="button small" to={`${base}/download`}>
          {t('task.staff.page.download')}
        </NavLink>
      </nav>
      {children(data)}
    </>
  );
}
