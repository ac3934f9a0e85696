import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { formatDateTime } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import {
  useEnrolWindowQuery,
  useKickStudentMutation,
  useOpenEnrolmentMutation,
  useStudentsQuery,
} from '../courseApi';
import { useCourseQuery } from '../coursesApi';
import { joinLink } from '../enrol/joinForm';
import { fromLocalInput, toLocalInput } from '../structure';
import { DeleteButton } from '../editor/TreeParts';
import '../course.css';
import { AcademicSync } from './AcademicSync';
import { WarningAlert } from '../../layout/WarningAlert';
import { ManageHeader } from './ManageHeader';

const DAY = 24 * 3600 * 1000;

/** The lecturer opens an enrolment window, hands out the token of each class, and manages the roster. */
export default function EnrollPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const current = useEnrolWindowQuery(id);
  const students = useStudentsQuery(id);
  const [open, opening] = useOpenEnrolmentMutation();
  const [kick] = useKickStudentMutation();
  const [start, setStart] = useState(() => toLocalInput(new Date()));
  const [end, setEnd] = useState(() => toLocalInput(new Date(Date.now() + 14 * DAY)));
  const [failure, setFailure] = useState<string | null>(null);
  const [rosterFailure, setRosterFailure] = useState<string | null>(null);
  const window_ = current.data;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const startAt = fromLocalInput(start);
    const endAt = fromLocalInput(end);
    if (!startAt || !endAt) {
      setFailure(t('enrol.datesRequired'));
      return;
    }
    open({ courseId: id, startAt, endAt })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <section aria-labelledby="enroll-title">
      <ManageHeader
        courseId={id}
        course={course.data}
        title={t('routes.courseEnroll')}
        titleId="enroll-title"
      />

      <div className="manage-grid">
        <form className="card card-body" onSubmit={submit} aria-labelledby="open-title" noValidate>
          <h2 id="open-title" className="section-title">
            {t('enrol.openTitle')}
          </h2>
          <p className="muted small">{t('enrol.openHelp')}</p>
          <div className="form-row">
            <div className="field">
              <label htmlFor="enrol-start">{t('enrol.startAt')}</label>
              <input
                id="enrol-start"
                type="datetime-local"
                value={start}
                onChange={(event) => setStart(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="enrol-end">{t('enrol.endAt')}</label>
              <input
                id="enrol-end"
                type="datetime-local"
                value={end}
                onChange={(event) => setEnd(event.target.value)}
              />
            </div>
          </div>
          <WarningAlert>{failure}</WarningAlert>
          <p>
            <button type="submit" className="button button-primary" disabled={opening.isLoading}>
              {t('enrol.open')}
            </button>
          </p>
        </form>

        <section className="card card-body" aria-labelledby="window-title">
          <h2 id="window-title" className="section-title">
            {t('enrol.currentTitle')}
          </h2>
          {current.isLoading ? (
            <Spinner label={t('common.loading')} />
          ) : !window_ ? (
            <p className="muted">{t('enrol.noWindow')}</p>
          ) : (
            <>
              <p>
                <span className={`badge${window_.is_open ? '' : ' badge-muted'}`}>
                  {window_.is_open ? t('enrol.isOpen') : t('enrol.isClosed')}
                </span>{' '}
                {t('enrol.window', {
                  start: formatDateTime(window_.start_at),
                  end: formatDateTime(window_.end_at),
                })}
              </p>
              <table className="data-table">
                <caption className="sr-only">{t('enrol.tokensCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('enrol.className')}</th>
                    <th scope="col">{t('enrol.classId')}</th>
                    <th scope="col">{t('enrol.token')}</th>
                    <th scope="col">{t('enrol.joinLink')}</th>
                  </tr>
                </thead>
                <tbody>
                  {window_.tokens.map((token) => (
                    <tr key={token.class_id}>
                      <td>{token.class_name}</td>
                      <td>{token.class_id}</td>
                      <td>
                        <code className="token" data-testid={`token-${token.class_id}`}>
                          {token.token}
                        </code>
                      </td>
                      <td>
                        <code className="small break">
                          {joinLink(globalThis.location?.origin ?? '', id, token.class_id, token.token)}
                        </code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted small">{t('enrol.courseIdIs', { id })}</p>
            </>
          )}
        </section>
      </div>

      {course.data && <AcademicSync course={course.data} />}

      <section className="card card-body roster" aria-labelledby="roster-title">
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
                    <DeleteButton
                      label={t('enrol.kickNamed', { name: student.name })}
                      text={t('enrol.kick')}
                      onConfirm={() => {
                        setRosterFailure(null);
                        kick({ courseId: id, studentId: student.user_id })
                          .unwrap()
                          .catch((error: unknown) => setRosterFailure(notificationFor(error).text));
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </section>
  );
}
