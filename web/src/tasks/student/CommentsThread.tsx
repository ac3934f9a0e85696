import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut } from '../../auth/authSlice';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { notified } from '../../notifications/notificationsSlice';
import { commentForm, postComment } from './answerUpload';
import { FileList } from './FileList';
import { tasksApi, useCommentsQuery } from '../api';
import styles from './student.module.css';

/**
 * The conversation about an answer between its student(s) and the course's staff: every comment
 * with its author, time and files, oldest first, and a form to add one (text and files).
 */
export function CommentsThread({ answerId }: { answerId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const comments = useCommentsQuery(answerId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!text.trim() && files.length === 0) {
      setFailure(t('task.student.comments.empty'));
      return;
    }
    setFailure(null);
    setBusy(true);
    postComment(commentForm(answerId, text.trim(), files), { token })
      .then((result) => {
        if (!result.ok) {
          if (result.reply.status === 401) dispatch(loggedOut());
          setFailure(
            notificationFor(
              { status: result.reply.status, data: result.reply.body },
              t('task.student.comments.failed'),
            ).text,
          );
          return;
        }
        setText('');
        setFiles([]);
        setFormKey((key) => key + 1);
        dispatch(tasksApi.util.invalidateTags([{ type: 'TaskComment', id: answerId }]));
        dispatch(notified({ color: 'success', text: t('task.student.saved.commentPosted') }));
      })
      .catch((error: unknown) => setFailure(notificationFor(error, t('task.student.comments.failed')).text))
      .finally(() => setBusy(false));
  };

  const items = comments.data ?? [];
  return (
    <section className={styles.comments} aria-labelledby={`comments-${answerId}`}>
      <h2 id={`comments-${answerId}`} className="section-title">
        {t('task.student.comments.title')}
      </h2>
      {comments.isLoading ? (
        <Spinner label={t('task.student.comments.loading')} />
      ) : comments.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(comments.error, t('task.student.comments.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void comments.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">{t('task.student.comments.none')}</p>
      ) : (
        <ol className={styles.commentList}>
          {items.map((comment) => (
            <li key={comment.id} className={styles.commentItem}>
              <p className="small">
                <strong>{comment.author.name || t('task.student.comments.someone')}</strong>{' '}
                {comment.author.is_staff && (
                  <span className="badge badge-muted">{t('task.student.comments.staff')}</span>
                )}{' '}
                <span className="muted">{dates.dateTime(comment.created_at)}</span>
              </p>
              <p className={styles.comment}>{comment.comment}</p>
              <FileList
                files={comment.files}
                base={`course/comments/${encodeURIComponent(comment.id)}/files`}
                label={t('task.student.comments.files')}
              />
            </li>
          ))}
        </ol>
      )}
      <form key={formKey} className={styles.commentForm} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`comment-text-${answerId}`}>{t('task.student.comments.label')}</label>
          <textarea
            id={`comment-text-${answerId}`}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`comment-files-${answerId}`}>{t('task.student.comments.attach')}</label>
          <input
            id={`comment-files-${answerId}`}
            type="file"
            multiple
            onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
          />
        </div>
        <WarningAlert>{failure}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('task.student.comments.posting') : t('task.student.comments.post')}
          </button>
        </p>
      </form>
    </section>
  );
}
