import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pageCount } from '../../api/jsonapi';
import { QueryState } from '../../layout/QueryState';
import { notificationFor } from '../../notifications/notification';
import { useEnrolledCoursesQuery, useTakeEnrolmentMutation } from './enrolmentApi';
import { type JoinProblem, readJoinToken } from './joinForm';
import { LeaveButton } from './LeaveButton';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';

/**
 * A student joins a class with the token the lecturer gave out. A join link (`/courses?token=…`)
 * fills the token in and joins at once: after signing in when the visitor was signed out.
 */
export function JoinCourseForm() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const linked = params.get('token');
  const [token, setToken] = useState(linked ?? '');
  const [problem, setProblem] = useState<JoinProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [take, state] = useTakeEnrolmentMutation();

  const join = useCallback(
    (text: string) => {
      setFailure(null);
      const read = readJoinToken(text);
      if (!read.ok) {
        setProblem(read.problem);
        return;
      }
      setProblem(null);
      take({ token: read.token })
        .unwrap()
        .then((course) => navigate(`/courses/${encodeURIComponent(course.id)}`))
        .catch((error: unknown) => setFailure(notificationFor(error).text));
    },
    [take, navigate],
  );

  // A join link joins once; the token leaves the address so a reload does not try again.
  const followed = useRef(false);
  useEffect(() => {
    if (!linked || followed.current) return;
    followed.current = true;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('token');
        return next;
      },
      { replace: true },
    );
    join(linked);
  }, [linked, join, setParams]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    join(token);
  };

  return (
    <FormCard id="join" title={t('enrol.joinTitle')} help={t('enrol.joinHelp')} onSubmit={submit}>
      <div className="form-row">
        <InputField
          id="join-token"
          label={t('enrol.token')}
          value={token}
          onChange={setToken}
          invalid={problem !== null}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {state.isLoading ? t('enrol.joining') : t('enrol.join')}
        </button>
      </div>
      <WarningAlert>{problem && t(`enrol.invalid.${problem}`)}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
    </FormCard>
  );
}

/**
 * The courses the student is enrolled in (nine to a page), each with a way to leave; a list that
 * could not be read says so (with "Try again"), not that the student has no course.
 */
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
        {enrolled.data ? t('enrol.enrolledTitle', { count: total }) : t('enrol.enrolledHeading')}
      </h2>
      <QueryState
        query={enrolled}
        loading={t('courses.loading')}
        failed={t('courses.loadFailed')}
        empty={total === 0 ? t('enrol.noneEnrolled') : null}
      >
        {() => (
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
      </QueryState>
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
