import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { useTaskAnswerQuery } from '../api';
import { useDownloadAnnotatedMutation } from './annotateApi';
import { PdfAnnotator } from './PdfAnnotator';
import styles from './annotate.module.css';

/**
 * `/assignment/annotate-pdf/{answerId}` (spec 01 §2): a PDF handed in with an answer, with its
 * annotations — the course's staff annotate it, the answer's student (or group) reads them. An
 * answer with several PDFs offers each (`?file=<key>`); the annotated copy can be downloaded.
 */
export default function AnnotatePdfPage() {
  const { t } = useTranslation();
  const { answerId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useMeQuery();
  const answer = useTaskAnswerQuery(answerId);
  const [download, downloading] = useDownloadAnnotatedMutation();

  if (answer.isLoading || !me.data) return <Spinner label={t('task.annotate.loading')} />;
  const status = (answer.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (!answer.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(answer.error, t('task.annotate.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void answer.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const pdfs = answer.data.files.filter((file) => file.mime === 'application/pdf');
  const chosen = pdfs.find((file) => file.key === search.get('file')) ?? pdfs[0];
  const editable = me.data.role !== 'student';
  const who = answer.data.student?.name;

  return (
    <div className={styles.screen}>
      <header className="page-header">
        <div>
          <h1>{t('routes.assignmentAnnotate')}</h1>
          <p className="muted">
            {who
              ? t('task.annotate.answerOf', { name: who })
              : t('task.annotate.answerNumber', { id: answerId })}
            {chosen ? ` · ${chosen.name}` : ''}
          </p>
        </div>
        <div className="row-actions">
          <Link className="button" to={`/assignment/${answer.data.task_id}`}>
            {t('task.annotate.back')}
          </Link>
          {chosen && (
            <button
              type="button"
              className="button button-primary"
              disabled={downloading.isLoading}
              onClick={() =>
                void download({
                  answerId,
                  key: chosen.key,
                  fileName: `${chosen.name.replace(/\.pdf$/i, '')} (${t('task.annotate.annotatedSuffix')}).pdf`,
                })
              }
            >
              {downloading.isLoading ? t('task.annotate.downloading') : t('task.annotate.download')}
            </button>
          )}
        </div>
      </header>
      {pdfs.length > 1 && chosen && (
        <label className={`field ${styles.filePicker}`}>
          <span>{t('task.annotate.file')}</span>
          <select
            value={chosen.key}
            onChange={(event) => setSearch({ file: event.target.value }, { replace: true })}
          >
            {pdfs.map((file) => (
              <option key={file.key} value={file.key}>
                {file.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {chosen ? (
        <PdfAnnotator key={chosen.key} file={{ answerId, key: chosen.key }} editable={editable} />
      ) : (
        <p className="empty-state">{t('task.annotate.noPdf')}</p>
      )}
    </div>
  );
}
