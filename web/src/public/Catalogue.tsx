import { useTranslation } from 'react-i18next';
import { pageCount } from '../api/jsonapi';
import { fillPath } from '../app/routeMap';
import { CourseCard } from '../courses/CourseCard';
import type { PublicCourse } from '../courses/coursesApi';
import { Icon } from '../layout/Icon';
import { Pagination } from '../layout/Pagination';
import { Spinner } from '../layout/Spinner';
import { useListParams } from '../lib/useListParams';
import { notificationFor } from '../notifications/notification';
import { CATALOGUE_PAGE_SIZE, useExploreCoursesQuery, usePublicCoursesQuery } from './catalogueApi';

/** The public course view of a course, or of one module or activity of it. */
export function publicCoursePath(courseId: string, moduleId?: string, activityId?: string): string {
  return fillPath('/public/courses/:id/:moduleId?/:submoduleId?', {
    id: courseId,
    moduleId,
    submoduleId: moduleId ? activityId : undefined,
  })!;
}

/** Badges of what a catalogue course offers: free to join, open to everyone. */
export function AccessBadges({ course }: { course: PublicCourse }) {
  const { t } = useTranslation();
  return (
    <>
      {course.is_free && <span className="badge">{t('catalogue.free')}</span>}
      {course.is_public && <span className="badge">{t('catalogue.public')}</span>}
    </>
  );
}

function PublicCourseCards({ courses }: { courses: PublicCourse[] }) {
  return (
    <div className="card-grid">
      {courses.map((course) => (
        <CourseCard
          key={course.id}
          course={course}
          to={publicCoursePath(course.id)}
          headingLevel={3}
          badges={<AccessBadges course={course} />}
        />
      ))}
    </div>
  );
}

function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="page-message" role="alert">
      <p>{notificationFor(error, t('catalogue.loadFailed')).text}</p>
      <button type="button" className="button" onClick={retry}>
        {t('common.tryAgain')}
      </button>
    </div>
  );
}

/**
 * "Explore": the four newest free courses; nothing at all when the campus has none, nor when the
 * catalogue below holds no other course (the strip would only show its cards twice).
 */
export function ExploreStrip() {
  const { t } = useTranslation();
  const explore = useExploreCoursesQuery();
  const catalogue = usePublicCoursesQuery({ search: '', page: 1 });
  const shown = explore.data?.items.length ?? 0;
  if (!explore.isLoading && !explore.isError && shown === 0) return null;
  // the free courses are in the catalogue too: no more of them there means the same cards
  if (explore.isSuccess && catalogue.isSuccess && catalogue.data.total <= shown) return null;
  return (
    <section aria-labelledby="explore-title">
      <h2 id="explore-title" className="section-title">
        {t('catalogue.explore')}
      </h2>
      <p className="muted">{t('catalogue.exploreText')}</p>
      {explore.isLoading ? (
        <Spinner label={t('catalogue.loading')} />
      ) : explore.isError ? (
        <LoadFailed error={explore.error} retry={() => void explore.refetch()} />
      ) : (
        <PublicCourseCards courses={explore.data?.items ?? []} />
      )}
    </section>
  );
}

/** The catalogue: public and free courses, searched by name, nine a page; search and page in the URL. */
export function CatalogueList() {
  const { t } = useTranslation();
  const { search, page, typed, setTyped, goTo } = useListParams();
  const list = usePublicCoursesQuery({ search, page });
  const total = list.data?.total ?? 0;

  return (
    <section aria-labelledby="catalogue-title">
      <div className="page-header">
        <h2 id="catalogue-title" className="section-title">
          {t('landing.catalogue')}
        </h2>
        <input
          type="search"
          className="search"
          aria-label={t('catalogue.search')}
          placeholder={t('catalogue.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {list.isLoading ? (
        <Spinner label={t('catalogue.loading')} />
      ) : list.isError ? (
        <LoadFailed error={list.error} retry={() => void list.refetch()} />
      ) : total === 0 && !search ? (
        <div className="empty-state compact">
          <span className="empty-icon" aria-hidden="true">
            <Icon name="book" />
          </span>
          <h3>{t('catalogue.emptyTitle')}</h3>
          <p className="muted">{t('catalogue.emptyText')}</p>
        </div>
      ) : total === 0 ? (
        <p className="page-message" role="status">
          {t('catalogue.noMatch', { search })}
        </p>
      ) : (
        <>
          <p className="muted" aria-live="polite">
            {t('catalogue.count', { count: total })}
            {list.isFetching ? ` · ${t('common.updating')}` : ''}
          </p>
          <PublicCourseCards courses={list.data?.items ?? []} />
          <Pagination
            page={page}
            pages={pageCount(total, CATALOGUE_PAGE_SIZE)}
            onPage={goTo}
            label={t('catalogue.pages')}
          />
        </>
      )}
    </section>
  );
}
