import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDates } from '../lib/dates';
import type { ShownCourse } from './coursesApi';
import { periodOf } from './periods';
import { cx } from '../lib/classNames';
import { RichText } from '../lib/richtext/RichText';
import styles from './CourseHero.module.css';
import courseStyles from './course.module.css';

/**
 * The head of a course's page: code, name, lecturer, period and dates, badges, description and
 * thumbnail. The reader (`/courses/{id}`) and the public course view share it; `badges` adds
 * page-specific badges, `children` actions below the description.
 */
export function CourseHero({
  course,
  titleId,
  badges,
  children,
}: {
  course: ShownCourse;
  titleId: string;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { dateRange } = useDates();
  const period = periodOf(t, course);
  const dates = dateRange(course.start_at, course.end_at);
  return (
    <header className={cx(styles.hero, course.thumbnail && styles.hasThumb)}>
      <div>
        <p className={cx(courseStyles.code, styles.code)}>{course.code}</p>
        <h1 id={titleId}>{course.name}</h1>
        <p className={cx(courseStyles.meta, styles.meta)}>
          {course.lecturer?.name && (
            <span>
              <span className="sr-only">{t('course.lecturer')}: </span>
              {course.lecturer.name}
            </span>
          )}
          {period && (
            <span>
              <span className="sr-only">{t('course.period')}: </span>
              {period}
            </span>
          )}
          {dates && <span>{dates}</span>}
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
        {course.description && <RichText html={course.description} />}
        {children}
      </div>
      {course.thumbnail && <img className={styles.thumb} src={course.thumbnail} alt="" />}
    </header>
  );
}
