import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { CourseCard } from './CourseCard';
import { COURSES_PAGE_SIZE, useCoursesQuery } from './coursesApi';
import { EnrolledCourses, JoinCourseForm } from './enrol/StudentEnrolment';
import { AssistantRequests } from './manage/AssistantRequests';
import './course.css';

/** The signed-in user's courses: search by name, nine to a page, page and search kept in the URL. */
export default function CoursesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [typed, setTyped] = useState(search);
  const role = useMeQuery().data?.role;

  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, search, setParams]);

  const courses = useCoursesQuery({
    filter: search ? { name: { like: search } } : undefined,
    include: ['modules', 'lecturer'],
    sort: '-updated_at',
    limit: COURSES_PAGE_SIZE,
    offset: (page - 1) * COURSES_PAGE_SIZE,
  });
  const total = courses.data?.total ?? 0;
  const pages = pageCount(total, COURSES_PAGE_SIZE);
  const goTo = (next: number) => setParams({ ...(search ? { q: search } : {}), page: String(next) });

  return (
    <section aria-labelledby="courses-title">
      <header className="page-header">
        <h1 id="courses-title">{t('courses.title')}</h1>
        <input
          type="search"
          className="search"
          aria-label={t('courses.search')}
          placeholder={t('courses.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </header>
      {role === 'student' && (
        <div className="enrol-panels">
          <JoinCourseForm />
          <EnrolledCourses />
        </div>
      )}
      {role === 'lecturer' && <AssistantRequests />}
      {courses.isLoading ? (
        <Spinner label={t('courses.loading')} />
      ) : courses.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(courses.error, t('courses.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void courses.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : total === 0 ? (
        <p className="page-message">{search ? t('courses.noMatch', { search }) : t('courses.none')}</p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('courses.count', { count: total })}
            {courses.isFetching ? ` · ${t('common.updating')}` : ''}
          </p>
          <div className="card-grid">
            {courses.data?.items.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </div>
          {pages > 1 && (
            <nav className="pagination" aria-label={t('common.pages')}>
              <button type="button" className="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('common.previous')}
              </button>
              <span>{t('common.pageOf', { page, pages })}</span>
              <button
                type="button"
                className="button"
                disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                {t('common.next')}
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
