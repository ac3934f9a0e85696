import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut } from '../../auth/authSlice';
import { WarningAlert } from '../../layout/WarningAlert';
import { cx } from '../../lib/classNames';
import { notificationFor } from '../../notifications/notification';
import { notified } from '../../notifications/notificationsSlice';
import { answerForm, uploadAnswerFile } from './answerUpload';
import type { TaskAnswer } from '../taskTypes';
import styles from './student.module.css';

/**
 * Adding a file to the answer: chosen or dropped, sent with the draft's text (multipart
 * setAnswer; the files already there stay) with a progress bar and a way to cancel. The server checks the type by the file's
 * content and its size; its refusal (422 with the reason, 413) is shown here.
 */
export function AnswerFiles({
  taskId,
  text,
  onUploaded,
}: {
  taskId: string;
  /** The answer's text now (saved along with the file). */
  text: () => string;
  onUploaded: (answer: TaskAnswer, text: string) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const upload = (file: File) => {
    setFailure(null);
    setSending(file.name);
    setProgress(0);
    abort.current = new AbortController();
    const answer = text();
    uploadAnswerFile(answerForm(taskId, answer, file), {
      token,
      onProgress: setProgress,
      signal: abort.current.signal,
    })
      .then((result) => {
        if (!result.ok) {
          const { status, body } = result.reply;
          if (status === 401) dispatch(loggedOut());
          setFailure(
            status === 413
              ? t('upload.tooLarge')
              : t('task.student.files.refused', {
                  name: file.name,
                  reason: notificationFor({ status, data: body }, t('upload.failed')).text,
                }),
          );
          return;
        }
        dispatch(notified({ color: 'success', text: t('saved.fileUploaded', { name: file.name }) }));
        onUploaded(result.value, answer);
      })
      .catch((error: unknown) => {
        if ((error as Error)?.name !== 'AbortError')
          setFailure(notificationFor(error, t('upload.failed')).text);
      })
      .finally(() => {
        setSending(null);
        abort.current = null;
        if (input.current) input.current.value = '';
      });
  };

  return (
    <div className={styles.uploader}>
      <div
        className={cx(styles.dropZone, over && styles.dropOver)}
        data-testid="answer-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          const file = event.dataTransfer.files[0];
          if (file && !sending) upload(file);
        }}
      >
        <label htmlFor="answer-file">{t('task.student.files.add')}</label>
        <input
          ref={input}
          id="answer-file"
          type="file"
          disabled={sending !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload(file);
          }}
        />
        <p className="muted small">{t('task.student.files.drop')}</p>
      </div>
      {sending !== null && (
        <div className={styles.progress}>
          <progress
            max={100}
            value={progress ?? undefined}
            aria-label={t('task.student.files.progress', { name: sending })}
          />
          <span aria-live="polite">{progress === null ? t('upload.sending') : `${progress} %`}</span>
          <button type="button" className="button small" onClick={() => abort.current?.abort()}>
            {t('upload.cancel')}
          </button>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
