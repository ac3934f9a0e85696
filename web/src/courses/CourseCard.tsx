import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDates } from '../lib/dates';
import type { ShownCourse } from './coursesApi';
import { periodOf } from './periods';
import styles from './CourseCard.module.css';
import courseStyles from './course.module.css';

/** The banner of a course without a code: the first letters of its name's first three words. */
function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 3)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/**
 * A course in a grid of cards, linking to `to` (the reader by default). `headingLevel` fits the
 * card's title under the section it is listed in; `badges` adds page-specific badges.
 */
export function CourseCard({
  course,
  to = `/courses/${encodeURIComponent(course.id)}`,
  headingLevel = 2,
  badges,
}: {
  course: ShownCourse;
  to?: string;
  headingLevel?: 2 | 3;
  badges?: ReactNode;
}) {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const period = periodOf(t, course);
  const dates = dateRange(course.start_at, course.end_at);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article className={`card ${styles.card}`} aria-labelledby={`course-${course.id}`}>
      <div className={styles.thumb} aria-hidden="true">
        {course.thumbnail ? (
          <img src={course.thumbnail} alt="" />
        ) : (
          <span>{course.code || initialsOf(course.name)}</span>
        )}
      </div>
      <div className="card-body">
        <p className={courseStyles.code}>{course.code}</p>
        <Heading id={`course-${course.id}`}>
          <Link to={to} className={styles.link}>
            {course.name}
          </Link>
        </Heading>
        {course.lecturer?.name && <p className="muted">{course.lecturer.name}</p>}
        <p className={courseStyles.meta}>
          {period && <span>{period}</span>}
          {dates && <span>{dates}</span>}
          {course.modules && <span>{t('courses.moduleCount', { count: course.modules.length })}</span>}
        </p>
        <p>
          {course.status && (
            <span className="badge">
              {t(`courses.status.${course.status}`, { defaultValue: course.status })}
            </span>
          )}
          {course.is_active === false && <span className="badge badge-muted">{t('courses.inactive')}</span>}
          {badges}
        </p>
      </div>
    </article>
  );
}
