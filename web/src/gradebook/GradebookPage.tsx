import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CourseLoadFailed } from '../courses/CoursePage';
import { RosterFilters } from '../courses/RosterFilters';
import { useCourseQuery } from '../courses/coursesApi';
import { Spinner } from '../layout/Spinner';
import { useListParams } from '../lib/useListParams';
import { ActivitiesPanel } from './ActivitiesPanel';
import { AttendanceSwitch } from './AttendanceSwitch';
import { BandChart } from './BandChart';
import { BandsEditor } from './BandsEditor';
import { ExportButton } from './ExportButton';
import { GradeGrid } from './GradeGrid';
import { PublishSwitch } from './PublishSwitch';
import { WeightsEditor } from './WeightsEditor';
import { useGradebookQuery } from './gradebookApi';
import { reasonOf } from './errors';
import styles from './gradebook.module.css';

/**
 * `/courses/{id}/gradebook` (the course's staff): every student's scores in a grid, one column per
 * gradeable with its weight, the final score and its band; custom activities scored in place; the
 * weights, the index bands and the custom activities edited below; publish, count attendance and
 * export above. The class and the name search are kept in the URL (`?class=`, `?q=`).
 */
export default function GradebookPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const list = useListParams();
  const classId = list.params.get('class') ?? '';
  const gradebook = useGradebookQuery(
    { courseId: id, classId: classId || undefined, studentName: list.search || undefined },
    { skip: !id },
  );

  if (course.isLoading) return <Spinner label={t('gradebook.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const data = gradebook.data;
  const filtered = Boolean(classId || list.search);

  return (
    <article aria-labelledby="gradebook-title" className={styles.page}>
      <header className="page-header">
        <div>
          <h1 id="gradebook-title">{t('gradebook.title')}</h1>
          <p className="muted">
            <Link to={`/courses/${encodeURIComponent(id)}`}>{course.data.name}</Link>
          </p>
        </div>
        {data && (
          <div className={styles.actions}>
            <PublishSwitch
              courseId={id}
              published={data.meta.published}
              weightsTotal={data.meta.weights_total}
            />
            <AttendanceSwitch courseId={id} counted={Boolean(course.data.gradebook_presence)} />
            <ExportButton courseId={id} />
          </div>
        )}
      </header>

      <RosterFilters
        texts={{
          filters: t('gradebook.filters'),
          class: t('gradebook.class'),
          allClasses: t('gradebook.allClasses'),
          search: t('gradebook.search'),
          searchPlaceholder: t('gradebook.searchPlaceholder'),
        }}
        classes={course.data.class ?? []}
        classId={classId}
        list={list}
      />

      {gradebook.isLoading ? (
        <Spinner label={t('gradebook.loadingGrid')} />
      ) : gradebook.isError || !data ? (
        <div className="alert alert-warning" role="alert">
          <p>{reasonOf(gradebook.error, t('gradebook.loadFailed'))}</p>
          <button type="button" className="button small" onClick={() => void gradebook.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          {data.rows.length === 0 ? (
            <div className="empty-state">
              <p>{filtered ? t('gradebook.noMatch') : t('gradebook.noStudents')}</p>
              {!filtered && (
                <p className="empty-actions">
                  <Link className="button" to={`/courses/${encodeURIComponent(id)}/enroll`}>
                    {t('routes.courseEnroll')}
                  </Link>
                </p>
              )}
            </div>
          ) : (
            <GradeGrid courseId={id} gradebook={data} updating={gradebook.isFetching} />
          )}
          <div className={styles.panels}>
            <WeightsEditor courseId={id} columns={data.meta.columns} />
            <BandsEditor courseId={id} />
            <ActivitiesPanel courseId={id} />
            <BandChart gradebook={data} />
          </div>
        </>
      )}
    </article>
  );
}
