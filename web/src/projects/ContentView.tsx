import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { RichTextEditor } from '../lib/richtext/RichTextEditor';
import { QueryState } from '../layout/QueryState';
import { notificationFor } from '../notifications/notification';
import { FileDownloads } from '../layout/FileDownloads';
import { BoardView } from './BoardView';
import {
  useCommentContentMutation,
  useLazyContentFileQuery,
  useUploadContentFileMutation,
  useProjectContentQuery,
  useUpdateProjectContentMutation,
  type Content,
} from './projectsApi';
import styles from './projects.module.css';

/** A text content in the rich-text editor, saved on demand (the service sanitizes it). */
function TextEditor({ content }: { content: Content }) {
  const { t } = useTranslation();
  const [text, setText] = useState(content.text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useUpdateProjectContentMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save({ id: content.id, text })
      .unwrap()
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.text.failed')).text));
  };
  return (
    <form onSubmit={submit}>
      <RichTextEditor
        id={`text-${content.id}`}
        label={t('projects.text.label', { name: content.name })}
        value={text}
        onChange={setText}
      />
      <WarningAlert>{problem}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary small" disabled={saving.isLoading}>
          {saving.isLoading ? <Spinner label={t('projects.text.save')} /> : t('projects.text.save')}
        </button>
      </p>
    </form>
  );
}

/** A file content: its file to download, and a new one to upload in its place. */
function FileContent({ content }: { content: Content }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, uploading] = useUploadContentFileMutation();
  const [fetchFile, fetching] = useLazyContentFileQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setProblem(t('projects.file.required'));
    setProblem(null);
    upload({ id: content.id, file: chosen })
      .unwrap()
      .then(() => setChosen(null))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.file.failed')).text));
  };
  return (
    <>
      {content.file ? (
        <FileDownloads
          files={[content.file]}
          label={t('projects.file.label', { name: content.name })}
          fetchFile={() => fetchFile(content.id).unwrap()}
          busy={fetching.isFetching}
          downloadLabel={(file) => t('projects.file.download', { name: file.name })}
          failedText={t('projects.file.downloadFailed')}
        />
      ) : (
        <p className="muted small">{t('projects.file.none')}</p>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`file-${content.id}`}>{t('projects.file.choose')}</label>
          <input
            id={`file-${content.id}`}
            type="file"
            onChange={(event) => setChosen(event.target.files?.[0] ?? null)}
          />
        </div>
        <WarningAlert>{problem}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button small" disabled={uploading.isLoading}>
            {t('projects.file.upload')}
          </button>
        </p>
      </form>
    </>
  );
}

/** A content's comments, oldest first, and the member's new one. */
function Comments({ content }: { content: Content }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, sending] = useCommentContentMutation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!comment.trim()) return;
    setProblem(null);
    send({ id: content.id, comment: comment.trim() })
      .unwrap()
      .then(() => setComment(''))
      .catch((error: unknown) => setProblem(notificationFor(error, t('projects.comments.failed')).text));
  };
  const comments = content.comments ?? [];
  return (
    <section aria-labelledby={`comments-${content.id}`} className={styles.comments}>
      <h3 id={`comments-${content.id}`} className="section-title">
        {t('projects.comments.title')}
      </h3>
      {comments.length === 0 ? (
        <p className="muted small">{t('projects.comments.empty')}</p>
      ) : (
        <ul className="plain-list">
          {comments.map((item) => (
            <li key={item.id} className={styles.comment}>
              <p className="muted small">
                {t('projects.comments.by', { name: item.user_name, date: dates.dateTime(item.created_at) })}
              </p>
              <p>{item.comment}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`comment-${content.id}`}>{t('projects.comments.label')}</label>
          <textarea
            id={`comment-${content.id}`}
            value={comment}
            maxLength={5000}
            rows={3}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        <WarningAlert>{problem}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button small" disabled={sending.isLoading || !comment.trim()}>
            {t('projects.comments.send')}
          </button>
        </p>
      </form>
    </section>
  );
}

/** One content opened: a text in its editor or a live board, then its comments. */
export function ContentView({ id }: { id: string }) {
  const { t } = useTranslation();
  const content = useProjectContentQuery(id);
  return (
    <QueryState
      query={content}
      loading={t('projects.module.loading')}
      failed={t('projects.module.failed')}
      empty={null}
    >
      {() => (
        <article aria-labelledby={`content-${id}`} className="card card-body">
          <h2 id={`content-${id}`} className="section-title">
            {content.data!.name}
          </h2>
          {content.data!.content_type === 'board' ? (
            <BoardView content={content.data!} />
          ) : content.data!.content_type === 'file' ? (
            <FileContent content={content.data!} />
          ) : (
            <TextEditor key={content.data!.id} content={content.data!} />
          )}
          <Comments content={content.data!} />
        </article>
      )}
    </QueryState>
  );
}
