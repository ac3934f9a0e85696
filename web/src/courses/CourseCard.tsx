import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateRange } from '../lib/dates';
import type { Course } from './coursesApi';

export function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation();
  const period = [course.period_year, course.period_type].filter(Boolean).join(' ');
  const dates = formatDateRange(course.start_at, course.end_at);
  return (
    <article className="card course-card" aria-labelledby={`course-${course.id}`}>
      <div className="course-thumb" aria-hidden="true">
        {course.thumbnail ? (
          <img src={course.thumbnail} alt="" />
        ) : (
          <span>{(course.code ?? course.name).slice(0, 5)}</span>
        )}
      </div>
      <div className="card-body">
        <p className="course-code">{course.code}</p>
        <h2 id={`course-${course.id}`}>
          <Link to={`/courses/${course.id}`} className="stretched-link">
            {course.name}
          </Link>
        </h2>
        {course.lecturer?.name && <p className="muted">{course.lecturer.name}</p>}
        <p className="course-meta">
          {period && <span>{period}</span>}
          {dates && <span>{dates}</span>}
          {course.modules && <span>{t('courses.moduleCount', { count: course.modules.length })}</span>}
        </p>
        <p className="badges">
          {course.status && (
            <span className="badge">
              {t(`courses.status.${course.status}`, { defaultValue: course.status })}
            </span>
          )}
          {!course.is_active && <span className="badge badge-muted">{t('courses.inactive')}</span>}
        </p>
      </div>
    </article>
  );
}
