import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { formatDateRange } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { UnavailableNotice } from '../pages/UnavailablePage';
import { useCourseQuery } from './coursesApi';

/** Course management pages of the route map that a lecturer reaches from the course (spec 01 §2). */
const LECTURER_PAGES: Array<{ routeId: string; segment: string }> = [
  { routeId: 'courseEdit', segment: 'edit' },
  { routeId: 'coursePreview', segment: 'preview' },
  { routeId: 'courseEnroll', segment: 'enroll' },
  { routeId: 'courseGradebook', segment: 'gradebook' },
  { routeId: 'courseCompletion', segment: 'completion' },
  { routeId: 'courseCpmk', segment: 'cpmk' },
  { routeId: 'courseLearningPlan', segment: 'learning-plan' },
  { routeId: 'courseDeleted', segment: 'deleted' },
  { routeId: 'courseSettings', segment: 'settings' },
];

/** Reading one course: its lecturer, period, classes, assistants and its modules with their activities. */
export default function CoursePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const me = useMeQuery();
  const course = useCourseQuery(id);

  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data) {
    return (
      <div className="page-message" role="alert">
        <h1>{t('course.loadFailed')}</h1>
        <p>{notificationFor(course.error, t('common.tryAgainLater')).text}</p>
        <p className="empty-actions">
          <button type="button" className="button" onClick={() => void course.refetch()}>
            {t('common.tryAgain')}
          </button>
          <Link className="button" to="/courses">
            {t('course.backToCourses')}
          </Link>
        </p>
      </div>
    );
  }

  const data = course.data;
  const modules = [...(data.modules ?? [])].sort((a, b) => a.index - b.index);
  const period = data.period?.name ?? [data.period_year, data.period_type].filter(Boolean).join(' ');
  const dates = formatDateRange(data.start_at, data.end_at);
  const lecturer = me.data?.role === 'lecturer';

  return (
    <article aria-labelledby="course-title" className="course-page">
      <header className="course-hero">
        <p className="course-code">{data.code}</p>
        <h1 id="course-title">{data.name}</h1>
        <p className="course-meta">
          {data.lecturer?.name && <span>{data.lecturer.name}</span>}
          {period && <span>{period}</span>}
          {dates && <span>{dates}</span>}
        </p>
        <p className="badges">
          {data.status && (
            <span className="badge">{t(`courses.status.${data.status}`, { defaultValue: data.status })}</span>
          )}
          {!data.is_active && <span className="badge badge-muted">{t('courses.inactive')}</span>}
        </p>
        {data.description && <p>{data.description}</p>}
      </header>

      <div className="course-columns">
        <section aria-labelledby="modules-title" className="course-modules">
          <h2 id="modules-title" className="section-title">
            {t('course.modules', { count: modules.length })}
          </h2>
          {modules.length === 0 ? (
            <p className="muted">{t('course.noModules')}</p>
          ) : (
            <ol className="module-list">
              {modules.map((module, index) => {
                const activities = [...(module.activities ?? [])].sort((a, b) => a.index - b.index);
                const moduleDates = formatDateRange(module.start_at, module.end_at);
                return (
                  <li key={module.id} className="card module-card">
                    <div className="module-head">
                      <span className="module-index" aria-hidden="true">
                        {index + 1}
                      </span>
                      <div>
                        <h3>{module.name}</h3>
                        {moduleDates && <p className="muted small">{moduleDates}</p>}
                      </div>
                    </div>
                    {activities.length > 0 && (
                      <ul
                        className="activity-list"
                        aria-label={t('course.activitiesOf', { module: module.name })}
                      >
                        {activities.map((activity) => (
                          <li key={activity.id}>{activity.name}</li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
          )}
          <UnavailableNotice feature={t('features.courseContents')} compact />
        </section>

        <aside className="course-aside" aria-label={t('course.details')}>
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
            <h2 className="section-title spaced">{t('course.assistants')}</h2>
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
          </section>
          {lecturer && (
            <nav className="card card-body" aria-labelledby="manage-title">
              <h2 id="manage-title" className="section-title">
                {t('course.manage')}
              </h2>
              <ul className="plain-list">
                {LECTURER_PAGES.map((page) => (
                  <li key={page.routeId}>
                    <Link to={`/courses/${encodeURIComponent(data.id)}/${page.segment}`}>
                      {t(`routes.${page.routeId}`)}
                    </Link>
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
