import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { saveBlob } from '../exams/download';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { Dropdown } from '../layout/Dropdown';
import { WarningAlert } from '../layout/WarningAlert';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { notificationFor } from '../notifications/notification';
import {
  type Thread,
  type ThreadChanges,
  useDeleteThreadMutation,
  useLazyDiscussionBlobQuery,
  useUpdateThreadMutation,
} from './discussionsApi';
import styles from './discussions.module.css';

/** A file name from a thread's title: letters, digits and dashes. */
const fileNameOf = (title: string) =>
  `${
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'discussion'
  }.xlsx`;

/** The editor of a thread's title and text (its author and the staff). */
export function ThreadEditor({ thread, onDone }: { thread: Thread; onDone: () => void }) {
  const { t } = useTranslation();
  const [update, state] = useUpdateThreadMutation();
  const [title, setTitle] = useState(thread.title);
  const [body, setBody] = useState(thread.body);
  const [failure, setFailure] = useState<string | null>(null);
  const save = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    update({ id: thread.id, changes: { title, body } })
      .unwrap()
      .then(onDone)
      .catch((error: unknown) => setFailure(notificationFor(error, t('discussion.saveFailed')).text));
  };
  return (
    <form className={styles.composer} onSubmit={save} noValidate aria-label={t('discussion.edit')}>
      <div className="field">
        <label htmlFor={`thread-${thread.id}-subject`}>{t('discussion.compose.subject')}</label>
        <input
          id={`thread-${thread.id}-subject`}
          value={title}
          maxLength={255}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <RichTextEditor
        id={`thread-${thread.id}-body`}
        label={t('discussion.compose.body')}
        value={thread.body}
        onChange={setBody}
      />
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {t('discussion.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </p>
    </form>
  );
}

/**
 * What the reader may do with a thread: edit and delete it (its author, the staff), moderate it —
 * pin, lock, hide — and export it as a workbook (the staff).
 */
export function ThreadActions({ thread, onEdit }: { thread: Thread; onEdit: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [update, updating] = useUpdateThreadMutation();
  const [remove, removing] = useDeleteThreadMutation();
  const [fetchBlob, exporting] = useLazyDiscussionBlobQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (fallback: string) => (error: unknown) => setFailure(notificationFor(error, fallback).text);
  const moderate = (changes: ThreadChanges) => {
    setFailure(null);
    update({ id: thread.id, changes })
      .unwrap()
      .catch(fail(t('discussion.saveFailed')));
  };
  const exportThread = () => {
    setFailure(null);
    fetchBlob(`course/threads/${encodeURIComponent(thread.id)}/export?format=xlsx`)
      .unwrap()
      .then((blob) => saveBlob(blob, fileNameOf(thread.title)))
      .catch(fail(t('discussion.exportFailed')));
  };
  if (!thread.can_edit && !thread.can_moderate) return null;
  return (
    <>
      <div className={styles.actions}>
        {thread.can_edit && (
          <button type="button" className="button small" onClick={onEdit}>
            {t('discussion.edit')}
          </button>
        )}
        {thread.can_moderate && (
          <Dropdown
            label={null}
            button={t('discussion.moderate')}
            buttonClassName="button small"
            panelClassName={`card ${styles.menu}`}
          >
            {(close) => (
              <>
                {(
                  [
                    ['is_pinned', thread.is_pinned, 'unpin', 'pin'],
                    ['is_locked', thread.is_locked, 'unlock', 'lock'],
                    ['is_hidden', thread.is_hidden, 'show', 'hide'],
                  ] as const
                ).map(([field, on, undo, doIt]) => (
                  <button
                    key={field}
                    type="button"
                    className="button small"
                    disabled={updating.isLoading}
                    onClick={() => {
                      close();
                      moderate({ [field]: !on });
                    }}
                  >
                    {t(`discussion.moderation.${on ? undo : doIt}`)}
                  </button>
                ))}
              </>
            )}
          </Dropdown>
        )}
        {thread.can_moderate && (
          <button
            type="button"
            className="button small"
            onClick={exportThread}
            disabled={exporting.isFetching}
          >
            {exporting.isFetching ? t('discussion.exporting') : t('discussion.export')}
          </button>
        )}
        {thread.can_edit && (
          <ConfirmButton
            className="button button-danger small"
            disabled={removing.isLoading}
            question={t('discussion.deleteQuestion', { title: thread.title })}
            details={t('discussion.deleteDetails', { count: thread.reply_count })}
            action={t('discussion.delete')}
            onConfirm={() =>
              remove({ id: thread.id, title: thread.title })
                .unwrap()
                .then(() => navigate('/discussion'))
                .catch(fail(t('discussion.deleteFailed')))
            }
          >
            {t('discussion.delete')}
          </ConfirmButton>
        )}
      </div>
      <WarningAlert>{failure}</WarningAlert>
    </>
  );
}
