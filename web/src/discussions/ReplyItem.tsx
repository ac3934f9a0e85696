import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { FileDownloads, FileSizes } from '../layout/FileDownloads';
import { WarningAlert } from '../layout/WarningAlert';
import { cx } from '../lib/classNames';
import { useDates } from '../lib/dates';
import { RichText } from '../lib/richtext/RichText';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { notificationFor } from '../notifications/notification';
import {
  MAX_REPLY_DEPTH,
  type Reply,
  useDeleteReplyMutation,
  useLazyDiscussionBlobQuery,
  useUpdateReplyMutation,
} from './discussionsApi';
import { ReplyComposer, type PostReply } from './ReplyComposer';
import type { ReplyNode } from './replyTree';
import styles from './discussions.module.css';

/** A reply as the page shows it: one of the thread's, or one being posted (with its upload's progress). */
export type Entry = Reply & { pending?: { progress: number | null } };

function ReplyFiles({ reply }: { reply: Entry }) {
  const { t } = useTranslation();
  const [fetchBlob, state] = useLazyDiscussionBlobQuery();
  if (reply.files.length === 0) return null;
  const label = t('discussion.reply.files');
  // being posted: not stored yet, nothing to download
  if (reply.pending) return <FileSizes files={reply.files} label={label} />;
  return (
    <FileDownloads
      files={reply.files}
      label={label}
      // a key's last segment names the file (an encoded slash is refused before the route)
      fetchFile={(file) =>
        fetchBlob(
          `course/thread/replies/${encodeURIComponent(reply.id)}/files/${encodeURIComponent(file.key.split('/').pop() ?? '')}`,
        ).unwrap()
      }
      busy={state.isFetching}
      downloadLabel={(file) => t('discussion.reply.download', { name: file.name })}
      failedText={t('discussion.reply.downloadFailed')}
    />
  );
}

/**
 * One reply with the replies that answer it, nested (at most three levels): its author, time and
 * text (a placeholder when deleted or hidden), files, and what the reader may do — reply (not in a
 * locked thread, not below the third level), edit their own, delete, hide or show it (staff).
 */
export function ReplyItem({
  node,
  threadId,
  locked,
  highlight,
  onPost,
}: {
  node: ReplyNode<Entry>;
  threadId: string;
  locked: boolean;
  highlight: string | null;
  onPost: (parent: Entry) => PostReply;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const reply = node.reply;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(reply.reply ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const [update, updating] = useUpdateReplyMutation();
  const [remove, removing] = useDeleteReplyMutation();
  const self = useRef<HTMLElement>(null);
  const marked = highlight === reply.id;
  useEffect(() => {
    if (marked) self.current?.scrollIntoView({ block: 'center' });
  }, [marked]);

  const fail = (fallback: string) => (error: unknown) => setFailure(notificationFor(error, fallback).text);
  const save = () => {
    setFailure(null);
    update({ id: reply.id, threadId, reply: draft })
      .unwrap()
      .then(() => setEditing(false))
      .catch(fail(t('discussion.reply.saveFailed')));
  };
  const author = reply.author?.name ?? t('discussion.reply.someone');
  const headingId = `reply-${reply.id}-by`;
  const live = !reply.pending && !reply.is_deleted;

  return (
    <li className={styles.reply}>
      <article
        ref={self}
        id={`reply-${reply.id}`}
        className={cx(styles.replyCard, marked && styles.highlight, reply.pending && styles.pending)}
        aria-labelledby={headingId}
        aria-busy={reply.pending ? true : undefined}
        data-testid="reply"
      >
        <p className={`small ${styles.facts}`}>
          <strong id={headingId}>{reply.is_deleted ? t('discussion.reply.deletedAuthor') : author}</strong>
          {reply.author?.is_staff && <span className="badge badge-muted">{t('discussion.staff')}</span>}
          {reply.is_hidden && <span className="badge badge-warning">{t('discussion.hidden')}</span>}
          <span className="muted">
            {reply.pending
              ? reply.pending.progress === null
                ? t('discussion.reply.postingNow')
                : t('discussion.reply.postingProgress', { percent: reply.pending.progress })
              : dateTime(reply.created_at)}
          </span>
          {reply.edited_at && <span className="muted">{t('discussion.reply.edited')}</span>}
        </p>
        {reply.pending && reply.pending.progress !== null && (
          <progress
            className={styles.progress}
            max={100}
            value={reply.pending.progress}
            aria-label={t('discussion.reply.progress')}
          />
        )}
        {editing ? (
          <div className={styles.composer}>
            <RichTextEditor
              id={`reply-${reply.id}-edit`}
              label={t('discussion.reply.editLabel')}
              value={reply.reply ?? ''}
              onChange={setDraft}
            />
            <p className="row-actions">
              <button
                type="button"
                className="button button-primary small"
                onClick={save}
                disabled={updating.isLoading}
              >
                {t('discussion.reply.save')}
              </button>
              <button type="button" className="button small" onClick={() => setEditing(false)}>
                {t('common.cancel')}
              </button>
            </p>
          </div>
        ) : reply.reply === null ? (
          <p className={`muted ${styles.placeholder}`}>
            {reply.is_deleted ? t('discussion.reply.deleted') : t('discussion.reply.hiddenText')}
          </p>
        ) : (
          reply.reply && <RichText html={reply.reply} className={styles.body} />
        )}
        <ReplyFiles reply={reply} />
        <WarningAlert>{failure}</WarningAlert>
        {live && !editing && (
          <div className={styles.actions}>
            {!locked && reply.depth < MAX_REPLY_DEPTH && (
              <button
                type="button"
                className="button small"
                onClick={() => setReplying((open) => !open)}
                aria-expanded={replying}
                aria-label={t('discussion.reply.answerLabel', { name: author })}
              >
                {t('discussion.reply.answer')}
              </button>
            )}
            {reply.can_edit && (
              <button
                type="button"
                className="button small"
                onClick={() => {
                  setDraft(reply.reply ?? '');
                  setEditing(true);
                }}
              >
                {t('discussion.reply.edit')}
              </button>
            )}
            {reply.can_moderate && (
              <button
                type="button"
                className="button small"
                disabled={updating.isLoading}
                onClick={() =>
                  update({ id: reply.id, threadId, is_hidden: !reply.is_hidden })
                    .unwrap()
                    .catch(fail(t('discussion.reply.saveFailed')))
                }
              >
                {reply.is_hidden ? t('discussion.reply.show') : t('discussion.reply.hide')}
              </button>
            )}
            {(reply.can_edit || reply.can_moderate) && (
              <ConfirmButton
                className="button button-danger small"
                disabled={removing.isLoading}
                question={t('discussion.reply.deleteQuestion', { name: author })}
                details={
                  node.children.length > 0
                    ? t('discussion.reply.deleteKeeps')
                    : t('discussion.reply.deleteDetails')
                }
                action={t('discussion.reply.delete')}
                onConfirm={() =>
                  remove({ id: reply.id, threadId })
                    .unwrap()
                    .catch(fail(t('discussion.reply.deleteFailed')))
                }
              >
                {t('discussion.reply.delete')}
              </ConfirmButton>
            )}
          </div>
        )}
      </article>
      {replying && (
        <ReplyComposer
          id={`reply-to-${reply.id}`}
          label={t('discussion.reply.toLabel', { name: author })}
          onPost={onPost(reply)}
          onCancel={() => setReplying(false)}
        />
      )}
      {node.children.length > 0 && (
        <ol className={styles.replies} aria-label={t('discussion.reply.answersTo', { name: author })}>
          {node.children.map((child) => (
            <ReplyItem
              key={child.reply.id}
              node={child}
              threadId={threadId}
              locked={locked}
              highlight={highlight}
              onPost={onPost}
            />
          ))}
        </ol>
      )}
    </li>
  );
}
