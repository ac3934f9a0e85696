import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { pageCount } from '../../api/jsonapi';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { useEnrolledCoursesQuery, useTakeEnrolmentMutation } from './enrolmentApi';
import { type JoinFields, readJoinForm, type JoinProblem } from './joinForm';
import { LeaveButton } from './LeaveButton';
import { FormCard } from '../../layout/FormCard';
import { InputField } from '../../layout/InputField';
import { WarningAlert } from '../../layout/WarningAlert';

/** The join form's inputs: `enrol.<name>` labels them. */
const JOIN_FIELDS = [
  { name: 'courseId', id: 'join-course', input: { inputMode: 'numeric' } },
  { name: 'classId', id: 'join-class', input: { inputMode: 'numeric' } },
  { name: 'token', id: 'join-token', input: { autoComplete: 'off', spellCheck: false } },
] as const;

/** A student joins a class with the token the lecturer gave out; a join link fills the form in. */
export function JoinCourseForm() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [fields, setFields] = useState<JoinFields>({
    courseId: params.get('course') ?? '',
    classId: params.get('class') ?? '',
    token: params.get('token') ?? '',
  });
  const [problems, setProblems] = useState<JoinProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [take, state] = useTakeEnrolmentMutation();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const read = readJoinForm(fields);
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

  return (
    <FormCard id="join" title={t('enrol.joinTitle')} help={t('enrol.joinHelp')} onSubmit={submit}>
      <div className="form-row">
        {JOIN_FIELDS.map(({ name, id, input }) => (
          <InputField
            key={name}
            id={id}
            label={t(`enrol.${name}`)}
            value={fields[name]}
            onChange={(value) => setFields({ ...fields, [name]: value })}
            invalid={problems.includes(name)}
            {...input}
          />
        ))}
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {state.isLoading ? t('enrol.joining') : t('enrol.join')}
        </button>
      </div>
      <WarningAlert>{problems.map((problem) => t(`enrol.invalid.${problem}`)).join(' ')}</WarningAlert>
      <WarningAlert>{failure}</WarningAlert>
    </FormCard>
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
