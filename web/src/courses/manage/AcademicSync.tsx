import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationFor } from '../../notifications/notification';
import { useSyncCourseMutation, type SyncOutcome } from './settingsApi';
import type { Course } from '../coursesApi';
import { periodOf } from '../periods';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';

/** The sync call's arguments for this course, or null when it lacks a code or a period to sync by. */
export function syncArgs(course: Course) {
  if (!course.code || !course.period_id || !course.period_year || !course.period_type) return null;
  return {
    courseId: course.id,
    code: course.code,
    periodId: course.period_id,
    year: course.period_year,
    type: course.period_type,
  };
}

function Outcome({ outcome }: { outcome: SyncOutcome }) {
  const { t } = useTranslation();
  return (
    <div role="status">
      <p>
        {outcome.changed
          ? t('sync.changed', {
              classes: outcome.classes_created,
              added: outcome.students_added,
              removed: outcome.students_removed,
              total: outcome.students_total,
            })
          : t('sync.unchanged', { total: outcome.students_total })}
      </p>
      {outcome.unmatched_lecturer && (
        <p className="alert alert-warning">
          {t('sync.unmatchedLecturer', { nidn: outcome.unmatched_lecturer })}
        </p>
      )}
      {outcome.unmatched_students.length > 0 && (
        <>
          <p className="alert alert-warning">
            {t('sync.unmatchedStudents', { count: outcome.unmatched_students.length })}
          </p>
          <table className="data-table">
            <caption className="sr-only">{t('sync.unmatchedCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('enrol.nim')}</th>
                <th scope="col">{t('enrol.studentName')}</th>
                <th scope="col">{t('enrol.className')}</th>
              </tr>
            </thead>
            <tbody>
              {outcome.unmatched_students.map((student) => (
                <tr key={student.nim}>
                  <td>{student.nim}</td>
                  <td>{student.name ?? '—'}</td>
                  <td>{student.class_name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/**
 * Pulls the course's classes and their students from the university's academic system (by the
 * course's code and period) and shows what changed and whom the LMS does not know yet.
 */
export function AcademicSync({ course }: { course: Course }) {
  const { t } = useTranslation();
  const [sync, state] = useSyncCourseMutation();
  const [outcome, setOutcome] = useState<SyncOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const args = syncArgs(course);

  const run = () => {
    if (!args) return;
    setFailure(null);
    setOutcome(null);
    sync(args)
      .unwrap()
      .then(setOutcome)
      .catch((error: unknown) => setFailure(notificationFor(error, t('sync.failed')).text));
  };

  return (
    <section className="card card-body" aria-labelledby="sync-title">
      <h2 id="sync-title" className="section-title">
        {t('sync.title')}
      </h2>
      {args ? (
        <p className="muted small">{t('sync.help', { code: args.code, period: periodOf(t, course) })}</p>
      ) : (
        <p className="muted small">{t('sync.needsCodeAndPeriod')}</p>
      )}
      <p>
        <ConfirmButton
          disabled={!args || state.isLoading}
          question={t('confirm.syncQuestion', { name: course.name })}
          details={t('confirm.syncDetails')}
          action={t('sync.run')}
          tone="primary"
          onConfirm={run}
        >
          {state.isLoading ? t('sync.running') : t('sync.run')}
        </ConfirmButton>
      </p>
      <WarningAlert>{failure}</WarningAlert>
      {outcome && <Outcome outcome={outcome} />}
    </section>
  );
}
