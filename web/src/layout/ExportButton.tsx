import { useState } from 'react';
import { WarningAlert } from './WarningAlert';
import { notificationFor } from '../notifications/notification';
import styles from './ExportButton.module.css';

/** A workbook the service wrote to storage: a short-lived link, and the file's name when it gives one. */
export interface ExportedFile {
  url: string;
  filename?: string;
}

/** What an export button says: its label, while it works, and when it fails. */
export interface ExportTexts {
  button: string;
  working: string;
  progress: string;
  /** The link offered again after the download, with the file's name (or the button's label). */
  again: (name: string) => string;
  failed: string;
}

/** Opens a download of the file behind a short-lived link. */
function download(file: ExportedFile) {
  const link = document.createElement('a');
  link.href = file.url;
  if (file.filename) link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * An export (a workbook the service writes and answers as a short-lived link): the button says
 * it is working while the file is made, the file is downloaded at once and offered again beside
 * the button while the link lasts; a failure shows under it.
 */
export function ExportButton({
  produce,
  texts,
  className = 'button',
}: {
  produce: () => Promise<ExportedFile>;
  texts: ExportTexts;
  className?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<ExportedFile | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setFile(null);
    setBusy(true);
    try {
      const made = await produce();
      setFile(made);
      download(made);
    } catch (failure) {
      setError(notificationFor(failure, texts.failed).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.export}>
      <button
        type="button"
        className={className}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={() => void run()}
      >
        {busy ? texts.working : texts.button}
      </button>
      <span role="status" className="small">
        {busy ? texts.progress : ''}
        {file && (
          <a href={file.url} download={file.filename ?? ''}>
            {texts.again(file.filename ?? texts.button)}
          </a>
        )}
      </span>
      <WarningAlert>{error}</WarningAlert>
    </div>
  );
}
