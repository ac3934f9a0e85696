import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { BookmarkToggle } from '../../space/BookmarkToggle';
import { useExamQuery } from '../examsApi';
import type { Exam } from '../examTypes';
import styles from './staff.module.css';

/**
 * The frame of an exam's staff pages: the exam read once (404 → the not-found page), its name,
 * course and window, and the links between the monitor, the statistics, the downloads and the editor.
 */
export function StaffHeader({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: (exam: Exam) => ReactNode;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const exam = useExamQuery(id);
  if (exam.isLoading) return <Spinner label={t('exam.loading')} />;
  const status = (exam.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!exam.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(exam.error, t('exam.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void exam.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const data = exam.data;
  const base = `/exam/${encodeURIComponent(data.id)}`;
  const window =
    data.start_at && data.end_at ? `${dateTime(data.start_at)} – ${dateTime(data.end_at)}` : null;
  return (
    <>
      <header className="page-header">
        <div>
          <p className="muted small">{data.course?.name ?? ''}</p>
          <h1>
            {title}: {data.name || t('exam.untitled')}
          </h1>
          {window && <p className="muted small">{window}</p>}
        </div>
        <BookmarkToggle kind="exam" itemId={data.id} title={data.name || t('exam.untitled')} />
      </header>
      <nav className={styles.links} aria-label={t('exam.staff.pages')}>
        <NavLink className="button small" to={base} end>
          {t('exam.staff.page.monitor')}
        </NavLink>
        <NavLink className="button small" to={`${base}/statistic`}>
          {t('routes.examStatistic')}
        </NavLink>
        <NavLink className="button small" to={`${base}/download`}>
          {t('routes.examDownload')}
        </NavLink>
        {data.can_edit && (
          <NavLink className="button small" to={`${base}/edit`}>
            {t('routes.examEdit')}
          </NavLink>
        )}
      </nav>
      {children(data)}
    </>
  );
}
