import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatSize } from '../../courses/content/media';
import { saveBlob } from '../../exams/download';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useLazyTaskFileQuery } from '../api';
import { fileSegment } from '../files';
import type { StoredFile } from '../taskTypes';
import styles from './student.module.css';

/**
 * Files of a task, an answer or a comment, each downloaded through the API (`base`/`{key}`, which
 * checks the caller may read it) and, when `onRemove` is given, removable after a confirmation.
 * An answer's PDFs (`annotationsOf` its id) also open in the annotation screen, where the student
 * reads the lecturer's highlights and notes.
 */
export function FileList({
  files,
  base,
  onRemove,
  label,
  annotationsOf,
}: {
  files: StoredFile[];
  /** The API path the file keys hang under (`course/tasks/4/files`). */
  base: string;
  onRemove?: (file: StoredFile) => void;
  label?: string;
  /** The answer the files belong to, whose PDFs the lecturer may have annotated. */
  annotationsOf?: string;
}) {
  const { t } = useTranslation();
  const [fetchFile, state] = useLazyTaskFileQuery();
  const [failure, setFailure] = useState<string | null>(null);
  if (files.length === 0) return null;
  const open = (file: StoredFile) => {
    setFailure(null);
    fetchFile(`${base}/${fileSegment(file.key)}`)
      .unwrap()
      .then((blob) => saveBlob(blob, file.name))
      .catch((error: unknown) =>
        setFailure(notificationFor(error, t('task.student.files.downloadFailed')).text),
      );
  };
  return (
    <>
      <ul className={styles.files} aria-label={label ?? t('task.student.files.title')}>
        {files.map((file) => (
          <li key={file.key} className={styles.file}>
            <button
              type="button"
              className="link-button"
              onClick={() => open(file)}
              disabled={state.isFetching}
              aria-label={t('task.student.files.download', { name: file.name })}
            >
              {file.name}
            </button>
            <span className="muted small">
              {[file.mime, formatSize(file.size)].filter(Boolean).join(' · ')}
            </span>
            {annotationsOf && file.mime === 'application/pdf' && (
              <Link
                className="button small"
                to={`/assignment/annotate-pdf/${encodeURIComponent(annotationsOf)}?file=${encodeURIComponent(file.key)}`}
                aria-label={t('task.student.files.notesOn', { name: file.name })}
              >
                {t('task.student.files.notes')}
              </Link>
            )}
            {onRemove && (
              <ConfirmButton
                className="button small"
                question={t('task.student.files.removeQuestion', { name: file.name })}
                details={t('task.student.files.removeDetails')}
                action={t('task.student.files.remove')}
                label={t('task.student.files.removeLabel', { name: file.name })}
                onConfirm={() => onRemove(file)}
              >
                {t('task.student.files.remove')}
              </ConfirmButton>
            )}
          </li>
        ))}
      </ul>
      <WarningAlert>{failure}</WarningAlert>
    </>
  );
}
