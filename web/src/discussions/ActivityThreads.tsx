import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { activityThreads, useLazyIntroductionQuery, useThreadsQuery } from './discussionsApi';
import { ThreadComposer } from './ThreadComposer';
import { ThreadFacts, useThreadTitle } from './ThreadFacts';
import styles from './discussions.module.css';

const PAGE = 10;

/**
 * The discussions of an activity, under its contents in the course reader (spec 01 §4: activities
 * only): its threads, pinned first then the liveliest, a way to start one, and the course's
 * introduction thread.
 */
export function ActivityThreads({ courseId, activityId }: { courseId: string; activityId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleOf = useThreadTitle();
  const [limit, setLimit] = useState(PAGE);
  const [composing, setComposing] = useState(false);
  const threads = useThreadsQuery(activityThreads(activityId, limit));
  const [introduction, intro] = useLazyIntroductionQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const items = threads.data?.items ?? [];
  const total = threads.data?.total ?? 0;
  const headingId = `threads-of-${activityId}`;

  const openIntroduction = () => {
    setFailure(null);
    introduction(courseId)
      .unwrap()
      .then((thread) => navigate(`/discussion/${thread.id}`))
      .catch((error: unknown) => setFailure(notificationFor(error, t('discussion.loadFailed')).text));
  };

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h3 id={headingId} className="section-title">
          {t('discussion.ofActivity')}
        </h3>
        <div className={styles.actions}>
          <button
            type="button"
            className="button small"
            onClick={openIntroduction}
            disabled={intro.isFetching}
          >
            {t('discussion.introduction')}
          </button>
          {!composing && (
            <button type="button" className="button button-primary small" onClick={() => setComposing(true)}>
              {t('discussion.compose.open')}
            </button>
          )}
        </div>
      </div>
      <WarningAlert>{failure}</WarningAlert>
      {composing && <ThreadComposer activityId={activityId} onCancel={() => setComposing(false)} />}
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
        <p className="muted">{t('discussion.none')}</p>
      ) : (
        <ul className={`plain-list ${styles.threadList}`}>
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
      {items.length < total && (
        <p>
          <button type="button" className="button small" onClick={() => setLimit((n) => n + PAGE)}>
            {t('discussion.more', { count: total - items.length })}
          </button>
        </p>
      )}
    </section>
  );
}
