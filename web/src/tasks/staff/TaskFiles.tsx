import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut } from '../../auth/authSlice';
import { formatSize } from '../../courses/content/media';
import { sendUpload } from '../../courses/editor/upload';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { notified } from '../../notifications/notificationsSlice';
import { tasksApi, useDeleteTaskFileMutation } from '../api';
import { taskFilePath, useOpenFile } from '../files';
import type { Task } from '../taskTypes';
import styles from './staff.module.css';

/**
 * The task's attachments: each opens in a new tab or is removed after a confirmation; a new one is
 * uploaded with its progress shown and can be cancelled (XMLHttpRequest, so it announces its own
 * success). The service checks the type by content and the size.
 */
export function TaskFiles({ task }: { task: Task }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [remove] = useDeleteTaskFileMutation();
  const { open, opening } = useOpenFile();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const upload = () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    setFailure(null);
    setBusy(true);
    setProgress(0);
    abort.current = new AbortController();
    sendUpload(form, {
      token,
      url: `/api/course/tasks/${encodeURIComponent(task.id)}/files`,
      onProgress: setProgress,
      signal: abort.current.signal,
    })
      .then(({ status, body }) => {
        if (status === 401) dispatch(loggedOut());
        if (status < 200 || status >= 300) {
          setFailure(
            status === 413
              ? t('upload.tooLarge')
              : notificationFor({ status, data: body }, t('upload.failed')).text,
          );
          return;
        }
        dispatch(tasksApi.util.invalidateTags([{ type: 'Task', id: task.id }]));
        dispatch(notified({ color: 'success', text: t('saved.fileUploaded', { name: file.name }) }));
        setFile(null);
        if (input.current) input.current.value = '';
      })
      .catch((error: unknown) => {
        if ((error as Error)?.name !== 'AbortError')
          setFailure(notificationFor(error, t('upload.failed')).text);
      })
      .finally(() => {
        setBusy(false);
        abort.current = null;
      });
  };

  return (
    <div className={styles.files}>
      {task.files.length === 0 ? (
        <p className="muted">{t('task.staff.files.none')}</p>
      ) : (
        <ul className="plain-list">
          {task.files.map((stored) => (
            <li key={stored.key} className="list-row">
              <span>
                {stored.name} <span className="muted small">· {formatSize(stored.size)}</span>
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  className="button small"
                  disabled={opening !== null}
                  aria-label={t('task.staff.files.openNamed', { name: stored.name })}
                  onClick={() =>
                    void open(taskFilePath(task.id, stored.key)).then(
                      (error) => error && setFailure(notificationFor(error).text),
                    )
                  }
                >
                  {t('task.staff.files.open')}
                </button>
                <ConfirmButton
                  className="button small button-danger"
                  label={t('task.staff.files.removeNamed', { name: stored.name })}
                  question={t('task.staff.files.removeQuestion', { name: stored.name, task: task.name })}
                  details={t('task.staff.files.removeDetails')}
                  action={t('task.staff.files.remove')}
                  onConfirm={() =>
                    void remove({ taskId: task.id, key: stored.key, name: stored.name })
                      .unwrap()
                      .catch((error: unknown) => setFailure(notificationFor(error).text))
                  }
                >
                  {t('task.staff.files.remove')}
                </ConfirmButton>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="task-file">{t('task.staff.files.add')}</label>
          <input
            id="task-file"
            ref={input}
            type="file"
            disabled={busy}
            onChange={(event) => {
              setFailure(null);
              setFile(event.target.files?.[0] ?? null);
            }}
          />
        </div>
        <button type="button" className="button" disabled={!file || busy} onClick={upload}>
          {t('upload.start')}
        </button>
        {busy && (
          <button type="button" className="button" onClick={() => abort.current?.abort()}>
            {t('upload.cancel')}
          </button>
        )}
      </div>
      {busy && (
        <div className={styles.progress}>
          <progress max={100} value={progress ?? undefined} aria-label={t('upload.progress')} />
          <span aria-live="polite">{progress === null ? t('upload.sending') : `${progress} %`}</span>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
