import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { loggedOut } from '../auth/authSlice';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { useDates } from '../lib/dates';
import { RichText } from '../lib/richtext/RichText';
import { notificationFor } from '../notifications/notification';
import { notified } from '../notifications/notificationsSlice';
import { replyPosted, useRepliesQuery, useThreadQuery } from './discussionsApi';
import type { PostReply } from './ReplyComposer';
import { ReplyComposer } from './ReplyComposer';
import { type Entry, ReplyItem } from './ReplyItem';
import { replyTree } from './replyTree';
import { postReply, replyForm } from './replyUpload';
import { ThreadActions, ThreadEditor } from './ThreadActions';
import { ThreadFacts, useThreadTitle } from './ThreadFacts';
import styles from './discussions.module.css';
import { BookmarkToggle } from '../space/BookmarkToggle';

let pendingSeq = 0;

/**
 * A discussion thread (`/discussion/{id}`, and `/discussion/{id}/{replyId}` with that reply in
 * view): its text, what the reader may do with it, and its replies nested as they answer each
 * other. A reply being posted shows at once, marked "posting…" with its upload's progress.
 */
export default function ThreadPage() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const dispatch = useAppDispatch();
  const { id = '', replyId = null } = useParams();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const me = useMeQuery().data;
  const titleOf = useThreadTitle();
  const thread = useThreadQuery(id);
  const replies = useRepliesQuery(id);
  const [pending, setPending] = useState<Entry[]>([]);
  const [editing, setEditing] = useState(false);

  const post = useCallback(
    (parent: Entry | null): PostReply =>
      async (html, files) => {
        const key = `pending-${(pendingSeq += 1)}`;
        const shown: Entry = {
          id: key,
          thread_id: Number(id),
          thread_reply_id: parent === null ? null : Number(parent.id),
          depth: parent === null ? 1 : parent.depth + 1,
          reply: html,
          files: files.map((file) => ({ key: '', name: file.name, size: file.size, mime: file.type })),
          author: me ? { id: Number(me.id), name: me.fullname, thumbnail: me.avatar, is_staff: false } : null,
          is_hidden: false,
          is_deleted: false,
          edited_at: null,
          can_edit: false,
          can_moderate: false,
          created_at: new Date().toISOString(),
          pending: { progress: files.length > 0 ? 0 : null },
        };
        setPending((list) => [...list, shown]);
        const progress = (percent: number | null) =>
          setPending((list) =>
            list.map((entry) => (entry.id === key ? { ...entry, pending: { progress: percent } } : entry)),
          );
        try {
          const result = await postReply(replyForm(id, parent?.id ?? null, html, files), {
            token,
            onProgress: files.length > 0 ? progress : undefined,
          });
          if (!result.ok) {
            if (result.answer.status === 401) dispatch(loggedOut());
            return notificationFor(
              { status: result.answer.status, data: result.answer.body },
              t('discussion.reply.failed'),
            ).text;
          }
          await dispatch(replyPosted(id));
          await replies.refetch();
          dispatch(notified({ color: 'success', text: t('discussion.saved.replyPosted') }));
          return null;
        } catch (error) {
          return notificationFor(error, t('discussion.reply.failed')).text;
        } finally {
          setPending((list) => list.filter((entry) => entry.id !== key));
        }
      },
    [dispatch, id, me, replies, t, token],
  );

  const tree = useMemo(
    () => replyTree<Entry>([...(replies.data ?? []), ...pending]),
    [replies.data, pending],
  );

  if (thread.isLoading) return <Spinner label={t('discussion.loading')} />;
  if (thread.isError || !thread.data)
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(thread.error, t('discussion.loadFailed')).text}</p>
        <p className="row-actions">
          <button type="button" className="button" onClick={() => void thread.refetch()}>
            {t('common.tryAgain')}
          </button>
          <Link to="/discussion" className="button">
            {t('discussion.backToList')}
          </Link>
        </p>
      </div>
    );
  const data = thread.data;

  return (
    <div className={styles.thread}>
      <header className="page-header">
        <div>
          <h1>{titleOf(data)}</h1>
          <p className={`muted small ${styles.facts}`}>
            <span>{t('discussion.startedAt', { time: dateTime(data.created_at) })}</span>
          </p>
          <ThreadFacts thread={data} />
        </div>
        <BookmarkToggle kind="thread" itemId={data.id} title={titleOf(data)} />
      </header>
      <section className="card card-body" aria-label={t('discussion.text')}>
        {editing ? (
          <ThreadEditor thread={data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <RichText html={data.body} className={styles.body} />
            <ThreadActions thread={data} onEdit={() => setEditing(true)} />
          </>
        )}
      </section>

      <section aria-labelledby="replies-title" className={styles.section}>
        <h2 id="replies-title" className="section-title">
          {t('discussion.replyCount', { count: data.reply_count })}
        </h2>
        {replies.isLoading ? (
          <Spinner label={t('discussion.reply.loading')} />
        ) : replies.isError ? (
          <div className="page-message" role="alert">
            <p>{notificationFor(replies.error, t('discussion.reply.loadFailed')).text}</p>
            <button type="button" className="button" onClick={() => void replies.refetch()}>
              {t('common.tryAgain')}
            </button>
          </div>
        ) : tree.length === 0 ? (
          <p className="muted">{t('discussion.reply.none')}</p>
        ) : (
          <ol className={styles.replies} aria-label={t('discussion.reply.all')}>
            {tree.map((node) => (
              <ReplyItem
                key={node.reply.id}
                node={node}
                threadId={id}
                locked={data.is_locked}
                highlight={replyId}
                onPost={post}
              />
            ))}
          </ol>
        )}
        {data.is_locked ? (
          <p className="alert alert-warning">{t('discussion.lockedNote')}</p>
        ) : (
          <div className="card card-body">
            <ReplyComposer
              id={`thread-${id}-reply`}
              label={t('discussion.reply.yours')}
              onPost={post(null)}
            />
          </div>
        )}
      </section>
    </div>
  );
}
