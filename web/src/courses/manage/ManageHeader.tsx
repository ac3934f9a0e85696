import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Course } from '../coursesApi';
import courseStyles from '../course.module.css';

/** The head of a course's management page: the course's code, the page's title with its name, the way back. */
export function ManageHeader({
  courseId,
  course,
  title,
  titleId,
}: {
  courseId: string;
  course: Course | undefined;
  title: string;
  titleId: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="page-header">
      <div>
        <p className={courseStyles.code}>{course?.code}</p>
        <h1 id={titleId}>
          {title}
          {course ? `: ${course.name}` : ''}
        </h1>
      </div>
      <Link className="button" to={`/courses/${encodeURIComponent(courseId)}`}>
        {t('editor.backToCourse')}
      </Link>
    </header>
  );
}
