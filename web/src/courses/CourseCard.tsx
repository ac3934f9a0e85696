import type { Course } from './coursesApi';

const STATUS_LABEL: Record<string, string> = {
  STUDENT: 'Student',
  LECTURER: 'Lecturer',
  ASSISTANT: 'Assistant',
};

function dateOnly(value: string | null): string | null {
  return value ? value.slice(0, 10) : null;
}

export function CourseCard({ course }: { course: Course }) {
  const period = [course.period_year, course.period_type].filter(Boolean).join(' ');
  const start = dateOnly(course.start_at);
  const end = dateOnly(course.end_at);
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
        <h2 id={`course-${course.id}`}>{course.name}</h2>
        {course.lecturer?.name && <p className="muted">{course.lecturer.name}</p>}
        <p className="course-meta">
          {period && <span>{period}</span>}
          {start && end && (
            <span>
              {start} – {end}
            </span>
          )}
          {course.modules && <span>{course.modules.length} modules</span>}
        </p>
        <p className="badges">
          {course.status && <span className="badge">{STATUS_LABEL[course.status] ?? course.status}</span>}
          {!course.is_active && <span className="badge badge-muted">Inactive</span>}
        </p>
      </div>
    </article>
  );
}
