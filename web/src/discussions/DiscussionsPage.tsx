import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { useThreadsQuery } from './discussionsApi';
import { ThreadFacts, useThreadTitle } from './ThreadFacts';
import styles from './discussions.module.css';

const PAGE = 20;

/**
 * `/discussion`: the threads of every course the reader takes part in, pinned first, then the
 * liveliest. A thread is started from its activity in the course.
 */
export default function DiscussionsPage() {
  const { t } = useTranslation();
  const titleOf = useThreadTitle();
  const [page, setPage] = useState(1);
  const threads = useThreadsQuery({ sort: '-updated_at', limit: PAGE, offset: (page - 1) * PAGE });
  const items = threads.data?.items ?? [];
  return (
    <div className={styles.thread}>
      <header className="page-header">
        <div>
          <h1>{t('routes.discussions')}</h1>
          <p className="muted small">{t('discussion.listHelp')}</p>
        </div>
      </header>
      {threads.isLoading ? (
        <Spinner label={t('discussion.loadingList')} />
      ) : threads.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(threads.error, t('discussion.loadListFailed')).text}</p>
          <button type="button" className="button" onClick={() => void threads.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p>{t('discussion.noneAnywhere')}</p>
          <p className="empty-actions">
            <Link to="/courses" className="button">
              {t('discussion.toCourses')}
            </Link>
          </p>
        </div>
      ) : (
        <ul className={`plain-list card ${styles.threadList}`}>
          {items.map((thread) => (
            <li key={thread.id} className={`list-row ${styles.threadRow}`}>
              <Link to={`/discussion/${thread.id}`} className={styles.threadTitle}>
                {titleOf(thread)}
              </Link>
              <ThreadFacts thread={thread} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={Math.ceil((threads.data?.total ?? 0) / PAGE)} onPage={setPage} />
    </div>
  );
}
