import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { loggedOut } from '../auth/authSlice';
import { sendUpload } from '../courses/editor/upload';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { notified } from '../notifications/notificationsSlice';
import { Dialog } from './Dialog';
import { fileNameOf, saveBlob } from './download';
import type { Exam } from './examTypes';
import { examsApi, useLazyImportTemplateQuery, useLazyQtiPackageQuery } from './examsApi';
import {
  IMPORT_FORMATS,
  type ImportFormat,
  importedCount,
  importReport,
  importRequest,
  type ReportLine,
} from './importReport';
import styles from './exams.module.css';

/**
 * Importing questions into a package from a spreadsheet, a Word document or an IMS QTI package,
 * with the upload's progress; a refused file shows every problem by row or block (nothing was
 * imported). The package can also be exported as QTI for Moodle or Canvas.
 */
export function ImportDialog({ exam, pack, onClose }: { exam: Exam; pack: number; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const token = useAppSelector((state) => state.auth.stored?.accessToken);
  const [format, setFormat] = useState<ImportFormat>('xlsx');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ReportLine[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [exportQti, exporting] = useLazyQtiPackageQuery();
  const [fetchTemplate, fetchingTemplate] = useLazyImportTemplateQuery();
  const [skipped, setSkipped] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const request = importRequest(format, exam.id, pack);

  useEffect(() => () => abort.current?.abort(), []);

  const start = () => {
    if (!file) return;
    setFailure(null);
    setReport(null);
    setBusy(true);
    setProgress(0);
    abort.current = new AbortController();
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields)) form.append(name, value);
    form.append('file', file, file.name);
    sendUpload(form, { token, url: request.url, onProgress: setProgress, signal: abort.current.signal })
      .then(({ status, body }) => {
        if (status === 401) dispatch(loggedOut());
        if (status === 422 && importReport(body).length > 0) {
          setReport(importReport(body));
          return;
        }
        if (status < 200 || status >= 300) {
          setFailure(
            status === 413
              ? t('upload.tooLarge')
              : notificationFor({ status, data: body }, t('upload.failed')).text,
          );
          return;
        }
        dispatch(examsApi.util.invalidateTags([{ type: 'ExamQuestions', id: `${exam.id}/${pack}` }]));
        dispatch(
          notified({ color: 'success', text: t('exam.import.done', { count: importedCount(body), pack }) }),
        );
        onClose();
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
    <Dialog id="import" title={t('exam.import.title', { pack })} onClose={onClose}>
      <fieldset className={styles.group}>
        <legend>{t('exam.import.format')}</legend>
        {IMPORT_FORMATS.map((value) => (
          <label key={value} className={styles.switch}>
            <input
              type="radio"
              name="import-format"
              value={value}
              checked={format === value}
              disabled={busy}
              onChange={() => {
                setFormat(value);
                setReport(null);
              }}
            />
            <span>
              {t(`exam.import.formats.${value}`)}
              <span className="muted small"> — {t(`exam.import.help.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="import-file">{t('upload.file')}</label>
        <input
          id="import-file"
          type="file"
          accept={request.accept}
          disabled={busy}
          onChange={(event) => {
            setFailure(null);
            setReport(null);
            setFile(event.target.files?.[0] ?? null);
          }}
        />
      </div>
      {format !== 'qti' && (
        <p>
          <button
            type="button"
            className="button small"
            disabled={fetchingTemplate.isFetching}
            onClick={() => {
              setFailure(null);
              fetchTemplate(format)
                .unwrap()
                .then((blob) => saveBlob(blob, `question-import-template.${format}`))
                .catch((error: unknown) => setFailure(notificationFor(error).text));
            }}
          >
            {t('exam.import.template')} (.{format})
          </button>
        </p>
      )}
      {busy && (
        <p>
          <progress
            className={styles.progress}
            max={100}
            value={progress ?? undefined}
            aria-label={t('upload.progress')}
          />
          <span aria-live="polite">{progress === null ? t('upload.sending') : `${progress} %`}</span>
        </p>
      )}
      {report && (
        <div role="alert">
          <p>
            <strong>{t('exam.import.refused', { count: report.length })}</strong>
          </p>
          <div className={styles.tableWrap}>
            <table className="data-table">
              <caption className="sr-only">{t('exam.import.reportCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{format === 'docx' ? t('exam.import.block') : t('exam.import.row')}</th>
                  <th scope="col">{t('exam.import.field')}</th>
                  <th scope="col">{t('exam.import.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {report.map((line, at) => (
                  <tr key={at}>
                    <td>{line.place ?? t('exam.import.wholeFile')}</td>
                    <td>{line.field ?? '—'}</td>
                    <td>{line.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
      {skipped && (
        <p className="muted" role="status">
          {skipped}
        </p>
      )}
      <p className="row-actions">
        <button type="button" className="button button-primary" disabled={!file || busy} onClick={start}>
          {t('exam.import.start')}
        </button>
        {busy && (
          <button type="button" className="button" onClick={() => abort.current?.abort()}>
            {t('upload.cancel')}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={exporting.isFetching}
          onClick={() => {
            setFailure(null);
            setSkipped(null);
            exportQti({ examId: exam.id, pack })
              .unwrap()
              .then(({ blob, skipped: left }) => {
                saveBlob(blob, fileNameOf(`${exam.name}-${pack}-qti`, 'zip'));
                if (left.length > 0) {
                  const list = left
                    .map(
                      (entry) =>
                        `${t('exam.import.skippedQuestion', { index: entry.index })} (${entry.reason})`,
                    )
                    .join('; ');
                  setSkipped(t('exam.import.skipped', { list }));
                }
              })
              .catch((error: unknown) => setFailure(notificationFor(error).text));
          }}
        >
          {t('exam.import.exportQti', { pack })}
        </button>
      </p>
    </Dialog>
  );
}
