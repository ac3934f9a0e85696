import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pageCount } from '../../api/jsonapi';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { useEnrolledCoursesQuery, useTakeEnrolmentMutation } from './enrolmentApi';
import { readJoinForm, type JoinProblem } from './joinForm';
import { LeaveButton } from './LeaveButton';
import { WarningAlert } from '../../layout/WarningAlert';

/** A student joins a class with the token the lecturer gave out; a join link fills the form in. */
export function JoinCourseForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [courseId, setCourseId] = useState(params.get('course') ?? '');
  const [classId, setClassId] = useState(params.get('class') ?? '');
  const [token, setToken] = useState(params.get('token') ?? '');
  const [problems, setProblems] = useState<JoinProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [take, state] = useTakeEnrolmentMutation();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const read = readJoinForm({ courseId, classId, token });
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    setProblems([]);
    take(read.value)
      .unwrap()
      .then((course) => navigate(`/courses/${encodeURIComponent(course.id)}`))
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };
  const invalid = (field: JoinProblem) => problems.includes(field);

  return (
    <form className="card card-body" onSubmit={submit} aria-labelledby="join-title" noValidate>
      <h2 id="join-title" className="section-title">
        {t('enrol.joinTitle')}
      </h2>
      <p className="muted small">{t('enrol.joinHelp')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="join-course">{t('enrol.courseId')}</label>
          <input
            id="join-course"
            inputMode="numeric"
            value={courseId}
            aria-invalid={invalid('courseId') || undefined}
            onChange={(event) => setCourseId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="join-class">{t('enrol.classId')}</label>
          <input
            id="join-class"
            inputMode="numeric"
            value={classId}
            aria-invalid={invalid('classId') || undefined}
            onChange={(event) => setClassId(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="join-token">{t('enrol.token')}</label>
          <input
            id="join-token"
            autoComplete="off"
            spellCheck={false}
            value={token}
            aria-invalid={invalid('token') || undefined}
            onChange={(event) => setToken(event.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {state.isLoading ? t('enrol.joining') : t('enrol.join')}
        </button>
      </div>
      <WarningAlert>{problems.map((problem) => t(`enrol.invalid.${problem}`)).join(' ')}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}

/** The courses the student is enrolled in (nine to a page), each with a way to leave. */
export function EnrolledCourses() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const enrolled = useEnrolledCoursesQuery({ offset });
  const total = enrolled.data?.total ?? 0;
  const pages = pageCount(total, 9);
  const page = Math.floor(offset / 9) + 1;
  return (
    <section className="card card-body" aria-labelledby="enrolled-title">
      <h2 id="enrolled-title" className="section-title">
        {t('enrol.enrolledTitle', { count: total })}
      </h2>
      {enrolled.isLoading ? (
        <Spinner label={t('courses.loading')} />
      ) : total === 0 ? (
        <p className="muted">{t('enrol.noneEnrolled')}</p>
      ) : (
        <ul className="plain-list">
          {enrolled.data?.items.map((course) => (
            <li key={course.id} className="list-row">
              <span>
                <Link to={`/courses/${encodeURIComponent(course.id)}`}>{course.name}</Link>{' '}
                <span className="muted small">{course.code}</span>
              </span>
              <LeaveButton courseId={course.id} name={course.name} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="pagination" aria-label={t('common.pages')}>
          <button type="button" className="button" disabled={page <= 1} onClick={() => setOffset(offset - 9)}>
            {t('common.previous')}
          </button>
          <span>{t('common.pageOf', { page, pages })}</span>
          <button
            type="button"
            className="button"
            disabled={page >= pages}
            onClick={() => setOffset(offset + 9)}
          >
            {t('common.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
