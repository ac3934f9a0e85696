import { useState } from 'react';
import { formatSize } from '../courses/content/media';
import { saveBlob } from '../exams/download';
import { notificationFor } from '../notifications/notification';
import { WarningAlert } from './WarningAlert';
import styles from './FileDownloads.module.css';

/** A stored file as the API lists it. */
export interface DownloadableFile {
  key: string;
  name: string;
  size: number;
}

/** A list of files with their sizes (`FileDownloads`, or files chosen for an upload). */
export function FileSizes({
  files,
  label,
}: {
  files: ReadonlyArray<Omit<DownloadableFile, 'key'>>;
  label: string;
}) {
  return (
    <ul className={styles.files} aria-label={label}>
      {files.map((file) => (
        <li key={`${file.name}-${file.size}`} className="small">
          {file.name} <span className="muted">{formatSize(file.size)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Files as a list of buttons with their sizes, each downloading its file through `fetchFile` (the
 * API, which checks the caller may read it); a failed download is said under the list.
 */
export function FileDownloads<F extends DownloadableFile>({
  files,
  label,
  fetchFile,
  busy,
  downloadLabel,
  failedText,
}: {
  files: readonly F[];
  label: string;
  fetchFile: (file: F) => Promise<Blob>;
  /** A download is under way: the buttons wait. */
  busy: boolean;
  /** The button's accessible name (`Download report.pdf`). */
  downloadLabel: (file: F) => string;
  /** Said when the server gives no reason. */
  failedText: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  if (files.length === 0) return null;
  const open = (file: F) => {
    setFailure(null);
    fetchFile(file)
      .then((blob) => saveBlob(blob, file.name))
      .catch((error: unknown) => setFailure(notificationFor(error, failedText).text));
  };
  return (
    <>
      <ul className={styles.files} aria-label={label}>
        {files.map((file) => (
          <li key={file.key} className="small">
            <button
              type="button"
              className="link-button"
              onClick={() => open(file)}
              disabled={busy}
              aria-label={downloadLabel(file)}
            >
              {file.name}
            </button>{' '}
            <span className="muted">{formatSize(file.size)}</span>
          </li>
        ))}
      </ul>
      <WarningAlert>{failure}</WarningAlert>
    </>
  );
}
