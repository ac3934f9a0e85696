import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { CourseLoadFailed } from '../CoursePage';
import { useCourseQuery } from '../coursesApi';
import { byIndex, contentableOf, selectionOf } from '../structure';
import { ContentsEditor } from './ContentsEditor';
import { StructureTree } from './StructureTree';
import { UnsavedProvider } from './unsaved';
import { activityName } from '../names';
import courseStyles from '../course.module.css';
import styles from './CourseEditorPage.module.css';

/** `/courses/{id}/edit/{moduleId?}/{submoduleId?}`: the course's structure and the selection's contents. */
export default function CourseEditorPage() {
  const { t } = useTranslation();
  const { id = '', moduleId, submoduleId } = useParams();
  const navigate = useNavigate();
  const course = useCourseQuery(id);

  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const data = course.data;
  const base = `/courses/${encodeURIComponent(data.id)}`;
  const modules = byIndex(data.modules).map((module) => ({
    ...module,
    activities: byIndex(module.activities),
  }));
  const selection = selectionOf(modules, moduleId, submoduleId);
  const target = contentableOf(selection);
  const hrefOf = (module: string, activity?: string) =>
    `${base}/edit/${encodeURIComponent(module)}${activity ? `/${encodeURIComponent(activity)}` : ''}`;
  const previewHref = `${base}/preview${moduleId ? `/${encodeURIComponent(moduleId)}` : ''}${
    moduleId && submoduleId ? `/${encodeURIComponent(submoduleId)}` : ''
  }`;

  return (
    <UnsavedProvider
      render={(unsaved) => (
        <header className={`page-header ${styles.header}`}>
          <div>
            <p className={courseStyles.code}>{data.code}</p>
            <h1 id="editor-title">
              {t('routes.courseEdit')}: {data.name}
            </h1>
          </div>
          <p className="row-actions">
            {unsaved && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
            <Link className="button" to={previewHref}>
              {t('routes.coursePreview')}
            </Link>
            <Link className="button" to={base}>
              {t('editor.backToCourse')}
            </Link>
          </p>
        </header>
      )}
    >
      <div className={styles.layout}>
        <StructureTree
          courseId={data.id}
          modules={modules}
          selection={selection}
          hrefOf={hrefOf}
          onDeleted={(deleted) => {
            if (deleted === moduleId) navigate(`${base}/edit`);
          }}
        />
        <div>
          {target ? (
            <ContentsEditor
              key={`${target.type}-${target.id}`}
              courseId={data.id}
              target={target}
              title={
                selection.activity ? activityName(t, selection.activity.name) : (selection.module?.name ?? '')
              }
            />
          ) : (
            <div className="card card-body">
              <p className="muted">{moduleId ? t('reader.notFound') : t('editor.choose')}</p>
            </div>
          )}
        </div>
      </div>
    </UnsavedProvider>
  );
}
