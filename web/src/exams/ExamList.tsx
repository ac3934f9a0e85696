import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { examStatus } from './examStatus';
import type { Exam } from './examTypes';
import { useDeleteExamMutation } from './examsApi';
import styles from './exams.module.css';

const STATUS_BADGE = { draft: 'badge-muted', scheduled: '', open: 'badge-warning', closed: 'badge-muted' };

/**
 * Exams in a table: name, course (when several courses are listed), window, duration and where
 * the exam stands. Who may author an exam (`can_edit`, the service's word) opens its editor from
 * it and may delete it; anyone else opens the exam.
 */
export function ExamList({
  exams,
  showCourse,
  labelledBy,
}: {
  exams: Exam[];
  showCourse: boolean;
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const staff = exams.some((exam) => exam.can_edit);
  const dates = useDates();
  const [remove] = useDeleteExamMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const now = new Date();

  return (
    <>
      <WarningAlert>{failure}</WarningAlert>
      <div className={styles.tableWrap}>
        <table className="data-table" aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">{t('exam.list.name')}</th>
              {showCourse && <th scope="col">{t('exam.list.course')}</th>}
              <th scope="col">{t('exam.list.window')}</th>
              <th scope="col">{t('exam.list.duration')}</th>
              <th scope="col">{t('exam.list.status')}</th>
              {staff && <th scope="col">{t('exam.list.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {exams.map((exam) => {
              const status = examStatus(exam, now);
              const name = exam.name || t('exam.untitled');
              return (
                <tr key={exam.id}>
                  <th scope="row">
                    <Link to={`/exam/${encodeURIComponent(exam.id)}${exam.can_edit ? '/edit' : ''}`}>
                      {name}
                    </Link>
                    {exam.exams_type && (
                      <span className="muted small">
                        {' '}
                        · {t(`exam.types.${exam.exams_type}`, exam.exams_type)}
                      </span>
                    )}
                  </th>
                  {showCourse && <td>{exam.course?.name ?? `#${exam.course_id}`}</td>}
                  <td>
                    {exam.start_at || exam.end_at ? (
                      <>
                        {dates.dateTime(exam.start_at) ?? '…'} – {dates.dateTime(exam.end_at) ?? '…'}
                      </>
                    ) : (
                      <span className="muted">{t('exam.list.noWindow')}</span>
                    )}
                  </td>
                  <td>
                    {exam.is_duration && exam.duration ? t('exam.minutes', { count: exam.duration }) : '—'}
                  </td>
                  <td>
                    <span className={`badge ${STATUS_BADGE[status]}`}>{t(`exam.status.${status}`)}</span>
                  </td>
                  {staff && (
                    <td>
                      {exam.can_edit && (
                        <span className="row-actions">
                          <Link className="button small" to={`/exam/${encodeURIComponent(exam.id)}/edit`}>
                            {t('exam.list.edit')}
                          </Link>
                          <ConfirmButton
                            className="button small"
                            label={t('exam.list.deleteNamed', { name })}
                            question={t('exam.confirm.deleteExam', { name })}
                            details={t('exam.confirm.deleteExamDetails')}
                            action={t('exam.confirm.deleteExamAction')}
                            onConfirm={() => {
                              setFailure(null);
                              remove({ id: exam.id })
                                .unwrap()
                                .catch((error: unknown) => setFailure(notificationFor(error).text));
                            }}
                          >
                            {t('editor.delete')}
                          </ConfirmButton>
                        </span>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
