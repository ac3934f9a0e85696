import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useCourseQuery } from '../coursesApi';
import { useKickStudentMutation, useStudentsQuery } from '../enrol/enrolmentApi';

/** The course's students by class, each of whom the lecturer may remove. */
export function Roster({ courseId: id }: { courseId: string }) {
  const { t } = useTranslation();
  const students = useStudentsQuery(id);
  const course = useCourseQuery(id).data;
  const [kick] = useKickStudentMutation();
  const [rosterFailure, setRosterFailure] = useState<string | null>(null);
  return (
    <section className="card card-body" aria-labelledby="roster-title">
      <h2 id="roster-title" className="section-title">
        {t('enrol.rosterTitle', { count: students.data?.length ?? 0 })}
      </h2>
      <WarningAlert>{rosterFailure}</WarningAlert>
      {students.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : !students.data?.length ? (
        <p className="muted">{t('enrol.noStudents')}</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('enrol.studentName')}</th>
              <th scope="col">{t('enrol.nim')}</th>
              <th scope="col">{t('enrol.className')}</th>
              <th scope="col">
                <span className="sr-only">{t('enrol.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {students.data.map((student) => (
              <tr key={`${student.id}-${student.class_id}`}>
                <td>{student.name}</td>
                <td>{student.nim}</td>
                <td>{student.class_name}</td>
                <td>
                  <ConfirmButton
                    className="button small"
                    label={t('enrol.kickNamed', { name: student.name })}
                    question={t('confirm.removeStudentQuestion', {
                      name: student.name,
                      course: course?.name ?? '',
                    })}
                    details={t('confirm.removeStudentDetails', { class: student.class_name })}
                    action={t('confirm.removeStudent')}
                    onConfirm={() => {
                      setRosterFailure(null);
                      kick({ courseId: id, studentId: student.user_id })
                        .unwrap()
                        .catch((error: unknown) => setRosterFailure(notificationFor(error).text));
                    }}
                  >
                    {t('enrol.kick')}
                  </ConfirmButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
