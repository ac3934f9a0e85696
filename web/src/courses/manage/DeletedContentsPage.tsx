import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import {
  useContentsQuery,
  usePurgeContentMutation,
  useRestoreContentsMutation,
  type Content,
} from '../content/contentsApi';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { ArchivedStructure } from './ArchivedStructure';
import manage from './manage.module.css';
import { useCourseQuery, type Course } from '../coursesApi';
import { activityName } from '../names';
import { CourseLoadFailed } from '../CoursePage';
import { WarningAlert } from '../../layout/WarningAlert';
import { ManageHeader } from './ManageHeader';

/** Where an archived content hung: the module or activity name (as the interface shows it), from the course tree. */
export function placeOf(t: TFunction, course: Course | undefined, content: Content): string | null {
  for (const module of course?.modules ?? []) {
    if (content.contentable_type === 'modules' && module.id === String(content.contentable_id))
      return module.name;
    const activity = module.activities?.find((item) => item.id === String(content.contentable_id));
    if (content.contentable_type === 'activities' && activity)
      return `${module.name} · ${activityName(t, activity.name)}`;
  }
  return content.contentable_type === 'courses' ? (course?.name ?? null) : null;
}

/** The course's archived (deleted) contents, newest first, each restorable (spec 01 §4). */
export default function DeletedContentsPage() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const archived = useContentsQuery({ courseId: id, archived: true }, { skip: !course.isSuccess });
  const [restore, restoring] = useRestoreContentsMutation();
  const [purge, purging] = usePurgeContentMutation();
  const [failure, setFailure] = useState<string | null>(null);
  if (course.isError) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const items = archived.isError ? [] : (archived.data ?? []);

  const bringBack = (content: Content) => {
    setFailure(null);
    restore([content.id])
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <section aria-labelledby="deleted-title">
      <ManageHeader
        courseId={id}
        course={course.data}
        title={t('routes.courseDeleted')}
        titleId="deleted-title"
      />
      <div className={manage.stack}>
        {course.isSuccess && <ArchivedStructure courseId={id} />}
        <div className="card card-body">
          <h2 className="section-title">{t('archive.contentsTitle')}</h2>
          <p className="muted">{t('archive.help')}</p>
          <WarningAlert>{failure}</WarningAlert>
          {archived.isLoading ? (
            <Spinner label={t('common.loading')} />
          ) : items.length === 0 ? (
            <p className="muted">{t('archive.empty')}</p>
          ) : (
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('editor.contentName')}</th>
                  <th scope="col">{t('editor.contentType')}</th>
                  <th scope="col">{t('archive.place')}</th>
                  <th scope="col">{t('archive.deletedAt')}</th>
                  <th scope="col">
                    <span className="sr-only">{t('enrol.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((content) => (
                  <tr key={content.id}>
                    <td>{content.name}</td>
                    <td>{t(`contentTypes.${content.contents_type}`)}</td>
                    <td>{placeOf(t, course.data, content) ?? '—'}</td>
                    <td>{dateTime(content.deleted_at ?? null) ?? '—'}</td>
                    <td className="row-actions">
                      <button
                        type="button"
                        className="button small"
                        disabled={restoring.isLoading}
                        aria-label={t('archive.restoreNamed', { name: content.name })}
                        onClick={() => bringBack(content)}
                      >
                        {t('archive.restore')}
                      </button>
                      <ConfirmButton
                        className="button small"
                        disabled={purging.isLoading}
                        label={t('archive.purgeNamed', { name: content.name })}
                        question={t('archive.purgeQuestion', { name: content.name })}
                        details={t('archive.purgeContentDetails')}
                        action={t('archive.purge')}
                        onConfirm={() => {
                          setFailure(null);
                          purge(content.id)
                            .unwrap()
                            .catch((error: unknown) => setFailure(notificationFor(error).text));
                        }}
                      >
                        {t('archive.purge')}
                      </ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </section>
  );
}
