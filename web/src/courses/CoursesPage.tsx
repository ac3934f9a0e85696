import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { useMeQuery } from '../auth/authApi';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { CourseCard } from './CourseCard';
import { COURSES_PAGE_SIZE, useActivePeriodsQuery, useCoursesQuery } from './coursesApi';
import { EnrolledCourses, JoinCourseForm } from './enrol/StudentEnrolment';
import { AssistantRequests } from './manage/AssistantRequests';
import { PeriodOptions } from './PeriodOptions';
import styles from './CoursesPage.module.css';

/** The active periods to filter by, grouped by year; a failed list leaves only "All periods". */
function PeriodSelect({ value, onChange }: { value: string; onChange: (periodId: string) => void }) {
  const { t } = useTranslation();
  const periods = useActivePeriodsQuery();
  const known = (periods.data ?? []).some((period) => period.id === value);
  return (
    <label className={styles.inlineField}>
      <span>{t('courses.period')}</span>
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-busy={periods.isLoading}>
        <option value="">{t('courses.allPeriods')}</option>
        {value && !known && <option value={value}>{t('courses.periodNumber', { id: value })}</option>}
        <PeriodOptions periods={periods.data ?? []} />
      </select>
    </label>
  );
}

/**
 * The signed-in user's courses: search by name and filter by period, nine to a page; search,
 * period and page are kept in the URL.
 */
export default function CoursesPage() {
  const { t } = useTranslation();
  const { params, search, page, typed, setTyped, update, goTo } = useListParams();
  const period = params.get('period') ?? '';
  const role = useMeQuery().data?.role;

  const filter: Record<string, Record<string, string>> = {};
  if (search) filter.name = { like: search };
  if (period) filter.period_id = { is: period };
  const courses = useCoursesQuery({
    filter: Object.keys(filter).length ? filter : undefined,
    include: ['modules', 'lecturer'],
    sort: '-updated_at',
    limit: COURSES_PAGE_SIZE,
    offset: (page - 1) * COURSES_PAGE_SIZE,
  });
  const total = courses.data?.total ?? 0;
  const pages = pageCount(total, COURSES_PAGE_SIZE);

  return (
    <section aria-labelledby="courses-title">
      <header className="page-header">
        <h1 id="courses-title">{t('courses.title')}</h1>
        <div className={styles.filters}>
          <PeriodSelect value={period} onChange={(value) => update({ period: value || null })} />
          <input
            type="search"
            className="search"
            aria-label={t('courses.search')}
            placeholder={t('courses.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {role === 'lecturer' && (
            <Link className="button" to="/courses/requests">
              {t('courseRequests.entry')}
            </Link>
          )}
        </div>
      </header>
      {role === 'student' && (
        <div className={styles.enrolPanels}>
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
        <p className="page-message">
          {search ? t('courses.noMatch', { search }) : period ? t('courses.noneInPeriod') : t('courses.none')}
        </p>
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
          <Pagination page={page} pages={pages} onPage={goTo} />
        </>
      )}
    </section>
  );
}
