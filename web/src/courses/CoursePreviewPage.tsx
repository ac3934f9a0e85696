import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../layout/Spinner';
import { CourseLoadFailed } from './CoursePage';
import { CourseReader } from './CourseReader';
import { useCourseQuery } from './coursesApi';
import courseStyles from './course.module.css';

/** `/courses/{id}/preview/{moduleId?}/{submoduleId?}`: the course as its students read it. */
export default function CoursePreviewPage() {
  const { t } = useTranslation();
  const { id = '', moduleId, submoduleId } = useParams();
  const course = useCourseQuery(id);
  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const base = `/courses/${encodeURIComponent(course.data.id)}`;
  const editHref = `${base}/edit${moduleId ? `/${encodeURIComponent(moduleId)}` : ''}${
    moduleId && submoduleId ? `/${encodeURIComponent(submoduleId)}` : ''
  }`;
  return (
    <article aria-labelledby="preview-title">
      <header className="page-header">
        <div>
          <p className={courseStyles.code}>{course.data.code}</p>
          <h1 id="preview-title">
            {t('routes.coursePreview')}: {course.data.name}
          </h1>
          <p className="muted">{t('preview.note')}</p>
        </div>
        <p className="row-actions">
          <Link className="button button-primary" to={editHref}>
            {t('preview.backToEditor')}
          </Link>
        </p>
      </header>
      <CourseReader
        course={course.data}
        moduleId={moduleId ?? null}
        activityId={submoduleId ?? null}
        hrefOf={(module, activity) =>
          `${base}/preview/${encodeURIComponent(module)}${activity ? `/${encodeURIComponent(activity)}` : ''}`
        }
      />
    </article>
  );
}
