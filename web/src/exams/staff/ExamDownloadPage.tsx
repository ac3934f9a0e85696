import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import type { Exam } from '../examTypes';
import { StaffHeader } from './StaffHeader';
import {
  type ExamExport,
  type ExportRequest,
  useExportLinkMutation,
  useMonitorQuery,
  useProduceExportMutation,
} from './staffApi';
import styles from './staff.module.css';

/**
 * `/exam/{id}/download` (admin, lecturer): the results workbook (.xlsx: one row per student) and
 * the answers (.pdf, of the whole exam or of one student). The service produces and stores the
 * file; the page shows that it is working, then a short-lived link to it.
 */
export default function ExamDownloadPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <StaffHeader id={id} title={t('routes.examDownload')}>
      {(exam) => (
        <div className={styles.exports}>
          <ExportCard
            exam={exam}
            kind="results"
            title={t('exam.staff.download.results')}
            help={t('exam.staff.download.resultsHelp')}
          />
          <AnswersCard exam={exam} />
        </div>
      )}
    </StaffHeader>
  );
}

function AnswersCard({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const monitor = useMonitorQuery(exam.id);
  const [attempt, setAttempt] = useState('');
  const finished = (monitor.data?.rows ?? []).filter((row) => row.status !== 'started');
  return (
    <ExportCard
      key={attempt}
      exam={exam}
      kind="answers"
      studentExamId={attempt || undefined}
      title={t('exam.staff.download.answers')}
      help={t('exam.staff.download.answersHelp')}
    >
      <div className="field">
        <label htmlFor="export-attempt">{t('exam.staff.download.whose')}</label>
        <select id="export-attempt" value={attempt} onChange={(event) => setAttempt(event.target.value)}>
          <option value="">{t('exam.staff.download.everyone')}</option>
          {finished.map((row) => (
            <option key={row.student_exam_id} value={row.student_exam_id}>
              {row.attempt > 1
                ? `${row.name} · ${t('exam.staff.monitor.attempt', { n: row.attempt })}`
                : row.name}
            </option>
          ))}
        </select>
      </div>
    </ExportCard>
  );
}

function ExportCard({
  exam,
  kind,
  studentExamId,
  title,
  help,
  children,
}: {
  exam: Exam;
  kind: ExportRequest['kind'];
  studentExamId?: string;
  title: string;
  help: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [produce] = useProduceExportMutation();
  const [linkOf] = useExportLinkMutation();
  const [state, setState] = useState<{ step: 'idle' | 'working' } | { step: 'ready'; file: ExamExport }>({
    step: 'idle',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const request: ExportRequest = { examId: exam.id, kind, ...(studentExamId ? { studentExamId } : {}) };

  const start = () => {
    setFailure(null);
    setState({ step: 'working' });
    produce(request)
      .unwrap()
      .then(() => linkOf(request).unwrap())
      .then((file) => setState({ step: 'ready', file }))
      .catch((error: unknown) => {
        setState({ step: 'idle' });
        setFailure(notificationFor(error).text);
      });
  };

  return (
    <section
      className="card card-body"
      aria-labelledby={`export-${kind}`}
      aria-busy={state.step === 'working'}
    >
      <h2 id={`export-${kind}`} className="section-title">
        {title}
      </h2>
      <p className="muted small">{help}</p>
      {children}
      <p className="row-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={state.step === 'working'}
          onClick={start}
        >
          {t(
            kind === 'results' ? 'exam.staff.download.produceResults' : 'exam.staff.download.produceAnswers',
          )}
        </button>
      </p>
      <div aria-live="polite">
        {state.step === 'working' && (
          <p className={styles.working}>
            <progress aria-label={t('exam.staff.download.working')} />
            <span>{t('exam.staff.download.working')}</span>
          </p>
        )}
        {state.step === 'ready' && (
          <p>
            <a className="button" href={state.file.downloadUrl} download={state.file.filename}>
              {t(kind === 'results' ? 'exam.staff.download.getResults' : 'exam.staff.download.getAnswers')}
            </a>{' '}
            <span className="muted small">
              {state.file.filename} ·{' '}
              {t('exam.staff.download.size', { kb: Math.max(1, Math.round(state.file.size / 1024)) })}.{' '}
              {t('exam.staff.download.shortLived')}
            </span>
          </p>
        )}
      </div>
      <WarningAlert>{failure}</WarningAlert>
    </section>
  );
}
