import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { useMeQuery } from '../auth/authApi';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { useDates } from '../lib/dates';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { CRS_PAGE_SIZE, useRoomQuery, useVotesQuery } from './crsApi';
import { RoomLoadFailed } from './RoomLoadFailed';
import { VoteBars } from './VoteBars';
import styles from './crs.module.css';

/**
 * `/crs/{id}/result`: what a live classroom asked and how it answered — each vote, latest first,
 * with how many chose each answer (and the reader's own answer and score) — and, for a lecturer,
 * the way to its interactive-content results.
 */
export default function RoomResultPage() {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const { id = '' } = useParams();
  const me = useMeQuery();
  const room = useRoomQuery(id);
  const { page, goTo } = useListParams();
  const votes = useVotesQuery({ roomId: id, offset: (page - 1) * CRS_PAGE_SIZE }, { skip: !room.data });
  if (room.isLoading) return <Spinner label={t('crs.result.loading')} />;
  if (room.isError || !room.data)
    return <RoomLoadFailed error={room.error} retry={() => void room.refetch()} />;
  const items = votes.data?.items ?? [];
  return (
    <section aria-labelledby="result-title">
      <header className="page-header">
        <div>
          <p className="muted">{dateRange(room.data.start_at, room.data.end_at)}</p>
          <h1 id="result-title">{t('crs.result.title', { title: room.data.title })}</h1>
        </div>
        {me.data?.role === 'lecturer' && room.data.can_edit && (
          <Link className="button" to={`/crs-result-h5p/${encodeURIComponent(id)}`}>
            {t('routes.liveClassH5p')}
          </Link>
        )}
      </header>
      {votes.isLoading ? (
        <Spinner label={t('crs.result.loading')} />
      ) : votes.isError ? (
        <p role="alert" className="alert alert-warning">
          {notificationFor(votes.error, t('crs.result.failed')).text}
        </p>
      ) : items.length === 0 ? (
        <p className="muted empty-state">{t('crs.result.empty')}</p>
      ) : (
        <>
          <ol className="plain-list">
            {items.map((vote) => (
              <li key={vote.id} className={`card card-body ${styles.voteCard}`}>
                <h2 className={styles.question}>{vote.question}</h2>
                <p className="muted small">
                  {vote.total !== null && t('crs.result.answers', { count: vote.total })}
                  {vote.my_answer !== null &&
                    `${vote.total !== null ? ' · ' : ''}${t('crs.vote.answered', { score: vote.my_score ?? 0 })}`}
                </p>
                <VoteBars vote={vote} />
              </li>
            ))}
          </ol>
          <Pagination page={page} pages={pageCount(votes.data?.total ?? 0, CRS_PAGE_SIZE)} onPage={goTo} />
        </>
      )}
    </section>
  );
}
