import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { useExportGradebookMutation } from './gradebookApi';
import type { GradebookExport } from './gradebookTypes';
import { reasonOf } from './errors';
import styles from './gradebook.module.css';

/** Opens a download of the file behind a short-lived link. */
function download(file: GradebookExport) {
  const link = document.createElement('a');
  link.href = file.url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The gradebook as a workbook (.xlsx, a sheet per class, the final score and band as formulas):
 * the service writes it to storage and answers a short-lived link, which is downloaded at once and
 * offered again beside the button while the link lasts.
 */
export function ExportButton({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const [produce, { isLoading }] = useExportGradebookMutation();
  const [file, setFile] = useState<GradebookExport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    setFile(null);
    try {
      const made = await produce(courseId).unwrap();
      setFile(made);
      download(made);
    } catch (failure) {
      setError(reasonOf(failure, t('gradebook.export.failed')));
    }
  };

  return (
    <div className={styles.export}>
      <button
        type="button"
        className="button"
        aria-busy={isLoading || undefined}
        disabled={isLoading}
        onClick={() => void run()}
      >
        {isLoading ? t('gradebook.export.working') : t('gradebook.export.button')}
      </button>
      <span role="status" className="small">
        {isLoading ? t('gradebook.export.progress') : ''}
        {file && (
          <a href={file.url} download={file.filename}>
            {t('gradebook.export.again', { name: file.filename })}
          </a>
        )}
      </span>
      <WarningAlert>{error}</WarningAlert>
    </div>
  );
}
