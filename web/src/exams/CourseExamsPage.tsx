import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CourseLoadFailed } from '../courses/CoursePage';
import { useCourseQuery } from '../courses/coursesApi';
import courseStyles from '../courses/course.module.css';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { ExamList } from './ExamList';
import { EXAM_TYPES } from './examTypes';
import { courseExams, useCreateExamMutation, useExamsQuery } from './examsApi';
import styles from './exams.module.css';

/**
 * `/courses/{id}/edit/exam`, the course editor's exam tab: the course's exams and a new one. A new
 * exam opens in its editor.
 */
export default function CourseExamsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const exams = useExamsQuery(courseExams(id));

  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const base = `/courses/${encodeURIComponent(course.data.id)}`;
  const items = exams.data?.items ?? [];

  return (
    <section aria-labelledby="course-exams-title">
      <header className="page-header">
        <div>
          <p className={courseStyles.code}>{course.data.code}</p>
          <h1 id="course-exams-title">
            {t('routes.courseEditExam')}: {course.data.name}
          </h1>
        </div>
        <p className="row-actions">
          <Link className="button" to={`${base}/edit`}>
            {t('exam.course.structure')}
          </Link>
          <Link className="button" to={base}>
            {t('editor.backToCourse')}
          </Link>
        </p>
      </header>
      <NewExamForm courseId={course.data.id} />
      <h2 id="course-exam-list" className="section-title">
        {t('exam.course.listTitle')}
      </h2>
      {exams.isLoading ? (
        <Spinner label={t('exam.loadingList')} />
      ) : exams.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(exams.error, t('exam.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void exams.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className={`empty-state ${styles.emptyCourse}`}>
          <h3>{t('exam.empty.title')}</h3>
          <p className="muted">{t('exam.empty.course')}</p>
        </div>
      ) : (
        <ExamList exams={items} showCourse={false} labelledBy="course-exam-list" />
      )}
    </section>
  );
}

/** A new exam needs its name (and may take its kind); the rest is set in the editor. */
function NewExamForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, state] = useCreateExamMutation();
  const [name, setName] = useState('');
  const [type, setType] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = !name.trim();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (missing) return;
    create({ course_id: Number(courseId), name: name.trim(), ...(type ? { type } : {}) })
      .unwrap()
      .then((exam) => navigate(`/exam/${encodeURIComponent(exam.id)}/edit`))
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <form className="card card-body" onSubmit={submit} aria-labelledby="new-exam-title" noValidate>
      <h2 id="new-exam-title" className="section-title">
        {t('exam.create.title')}
      </h2>
      <p className="muted small">{t('exam.create.help')}</p>
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="new-exam-name">{t('exam.settings.name')}</label>
          <input
            id="new-exam-name"
            value={name}
            maxLength={255}
            required
            aria-invalid={tried && missing}
            aria-describedby={tried && missing ? 'new-exam-name-problem' : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {tried && missing && (
            <span id="new-exam-name-problem" className={styles.problem}>
              {t('exam.problems.nameRequired')}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="new-exam-type">{t('exam.settings.type')}</label>
          <select id="new-exam-type" value={type} onChange={(event) => setType(event.target.value)}>
            <option value="">{t('exam.settings.noType')}</option>
            {EXAM_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`exam.types.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={state.isLoading}>
          {state.isLoading ? t('editor.saving') : t('exam.create.submit')}
        </button>
      </div>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
