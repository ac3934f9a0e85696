import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/baseApi';
import { deserializeOne, type Document } from '../../api/jsonapi';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loggedOut } from '../../auth/authSlice';
import { notificationFor } from '../../notifications/notification';
import { notified } from '../../notifications/notificationsSlice';
import type { Content } from '../content/contentsApi';
import { formatSize } from '../content/media';
import { sendUpload, uploadForm, type UploadTarget } from './upload';
import { WarningAlert } from '../../layout/WarningAlert';
import styles from './FileUpload.module.css';

/**
 * Uploading a file as a new file content, with a progress bar and a way to cancel. Isolated here
 * (with upload.ts) so the endpoint's details can change in one place. The upload is not an RTK
 * Query mutation (it needs XMLHttpRequest's progress events), so it raises its success toast itself.
 */
export function FileUpload({
  target,
  onUploaded,
  onBusy,
}: {
  target: UploadTarget;
  onUploaded: (content: Content) => void;
  onBusy?: (busy: boolean) => void;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => onBusy?.(busy || file !== null), [busy, file, onBusy]);

  const start = () => {
    if (!file) return;
    setFailure(null);
    setBusy(true);
    setProgress(0);
    abort.current = new AbortController();
    sendUpload(uploadForm(target, file, file.name), {
      token,
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
        const content = deserializeOne<Content>(body as Document);
        dispatch(api.util.invalidateTags(['Contents' as never]));
        dispatch(notified({ color: 'success', text: t('saved.fileUploaded', { name: content.name }) }));
        setFile(null);
        onUploaded(content);
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
    <div className={styles.upload}>
      <div className="field">
        <label htmlFor="upload-file">{t('upload.file')}</label>
        <input
          id="upload-file"
          type="file"
          disabled={busy}
          onChange={(event) => {
            setFailure(null);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {file && (
        <p className="muted small">
          {file.name} · {formatSize(file.size)}
        </p>
      )}
      {busy && (
        <div className={styles.progress}>
          <progress max={100} value={progress ?? undefined} aria-label={t('upload.progress')} />
          <span aria-live="polite">{progress === null ? t('upload.sending') : `${progress} %`}</span>
        </div>
      )}
      <p className="row-actions">
        <button type="button" className="button button-primary" disabled={!file || busy} onClick={start}>
          {t('upload.start')}
        </button>
        {busy && (
          <button type="button" className="button" onClick={() => abort.current?.abort()}>
            {t('upload.cancel')}
          </button>
        )}
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
