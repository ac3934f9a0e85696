import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { CompletionProgress } from '../completion/CompletionProgress';
import { StudentGrades } from '../gradebook/StudentGrades';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { CourseHero } from './CourseHero';
import { CourseReader } from './CourseReader';
import { useCourseQuery } from './coursesApi';
import { JoinOffer } from './enrol/JoinOffer';
import { LeaveButton } from './enrol/LeaveButton';
import styles from './CoursePage.module.css';

/** Course management pages of the route map that a lecturer reaches from the course (spec 01 §2). */
const LECTURER_PAGES: Array<{ routeId: string; segment: string }> = [
  { routeId: 'courseEdit', segment: 'edit' },
  { routeId: 'coursePreview', segment: 'preview' },
  { routeId: 'courseEnroll', segment: 'enroll' },
  { routeId: 'courseGroups', segment: 'groups' },
  { routeId: 'courseLiveClasses', segment: 'crs' },
  { routeId: 'courseGradebook', segment: 'gradebook' },
  { routeId: 'courseCompletion', segment: 'completion' },
  { routeId: 'courseCpmk', segment: 'cpmk' },
  { routeId: 'courseLearningPlan', segment: 'learning-plan' },
  { routeId: 'courseRps', segment: 'rps' },
  { routeId: 'courseDeleted', segment: 'deleted' },
  { routeId: 'courseSettings', segment: 'settings' },
];

/**
 * A course that could not be loaded: a course that does not exist (or is not open to the user)
 * says so once, with the way back; another failure offers to try again.
 */
export function CourseLoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if ((error as { status?: unknown } | undefined)?.status === 404) {
    return (
      <div className="page-message" role="alert">
        <h1>{t('course.notFoundTitle')}</h1>
        <p className="muted">{t('course.notFoundText')}</p>
        <p className="empty-actions">
          <Link className="button button-primary" to="/courses">
            {t('course.backToCourses')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page-message" role="alert">
      <h1>{t('course.loadFailed')}</h1>
      <p>{notificationFor(error, t('common.tryAgainLater')).text}</p>
      <p className="empty-actions">
        <button type="button" className="button" onClick={retry}>
          {t('common.tryAgain')}
        </button>
        <Link className="button" to="/courses">
          {t('course.backToCourses')}
        </Link>
      </p>
    </div>
  );
}

/** Reading one course: its outline and the contents of the chosen module or activity, and its staff. */
export default function CoursePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMeQuery();
  const course = useCourseQuery(id);

  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }

  const data = course.data;
  const lecturer = me.data?.role === 'lecturer';
  const base = `/courses/${encodeURIComponent(data.id)}`;
  const tracksMine = data.status === 'STUDENT' && data.completion_tracking;

  return (
    <article aria-labelledby="course-title">
      <CourseHero course={data} titleId="course-title" />

      <div className={styles.columns}>
        <CourseReader
          course={data}
          moduleId={params.get('module')}
          activityId={params.get('activity')}
          completionOf={tracksMine ? data.id : undefined}
          hrefOf={(moduleId, activityId) =>
            `${base}?module=${encodeURIComponent(moduleId)}${activityId ? `&activity=${encodeURIComponent(activityId)}` : ''}`
          }
        />

        <aside className={styles.aside} aria-label={t('course.details')}>
          <section className="card card-body">
            <h2 className="section-title">{t('course.classes')}</h2>
            {data.class?.length ? (
              <ul className="plain-list">
                {data.class.map((item) => (
                  <li key={item.id}>{item.name}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('course.noClasses')}</p>
            )}
            <h2 className={`section-title ${styles.spaced}`}>{t('course.assistants')}</h2>
            {data.assistant?.length ? (
              <ul className="plain-list">
                {data.assistant.map((assistant) => (
                  <li key={assistant.id}>
                    {assistant.name ?? assistant.user?.name}
                    {assistant.is_coordinator ? ` · ${t('course.coordinator')}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">{t('course.noAssistants')}</p>
            )}
            {me.data?.role === 'student' && !data.status && (
              <div className={styles.spacedBlock}>
                <JoinOffer course={data} />
              </div>
            )}
            {data.status === 'STUDENT' && (
              <p className={styles.spacedBlock}>
                <Link to={`${base}/groups`}>{t('routes.courseGroups')}</Link>
              </p>
            )}
            {data.status === 'STUDENT' && (
              <p className={styles.spacedBlock}>
                <Link to={`${base}/crs`}>{t('routes.courseLiveClasses')}</Link>
              </p>
            )}
            {data.status === 'STUDENT' && (
              <div className={styles.spacedBlock}>
                <LeaveButton courseId={data.id} name={data.name} onLeft={() => navigate('/courses')} />
              </div>
            )}
          </section>
          {tracksMine && <CompletionProgress courseId={data.id} />}
          {data.status === 'STUDENT' && (
            <StudentGrades courseId={data.id} published={Boolean(data.gradebook_publish)} />
          )}
          {lecturer && (
            <nav className="card card-body" aria-labelledby="manage-title">
              <h2 id="manage-title" className="section-title">
                {t('course.manage')}
              </h2>
              <ul className="plain-list">
                <li>
                  <Link to={`/assignment?course=${encodeURIComponent(data.id)}`}>
                    {t('routes.assignments')}
                  </Link>
                </li>
                {LECTURER_PAGES.map((page) => (
                  <li key={page.routeId}>
                    <Link to={`${base}/${page.segment}`}>{t(`routes.${page.routeId}`)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </aside>
      </div>
    </article>
  );
}
