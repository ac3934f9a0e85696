import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateRange } from '../lib/dates';
import type { Course } from './coursesApi';
import { periodOf } from './periods';
import './course.css';

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
  course: Course;
  titleId: string;
  badges?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const period = periodOf(course);
  const dates = formatDateRange(course.start_at, course.end_at);
  return (
    <header className={`course-hero${course.thumbnail ? ' has-thumb' : ''}`}>
      <div className="course-hero-text">
        <p className="course-code">{course.code}</p>
        <h1 id={titleId}>{course.name}</h1>
        <p className="course-meta">
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
        <p className="badges">
          {course.status && (
            <span className="badge">
              {t(`courses.status.${course.status}`, { defaultValue: course.status })}
            </span>
          )}
          {course.is_active === false && <span className="badge badge-muted">{t('courses.inactive')}</span>}
          {badges}
        </p>
        {course.description && <p>{course.description}</p>}
        {children}
      </div>
      {course.thumbnail && <img className="course-hero-thumb" src={course.thumbnail} alt="" />}
    </header>
  );
}
