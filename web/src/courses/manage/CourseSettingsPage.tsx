import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { useChangeAssistantsMutation, useLecturersQuery, useToggleCoordinatorMutation } from './staffApi';
import { useCourseQuery } from '../coursesApi';
import { CourseLoadFailed } from '../CoursePage';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { UnsavedProvider } from '../editor/unsaved';
import { CourseDetailsForm } from './CourseDetailsForm';
import { ManageHeader } from './ManageHeader';
import { ReplicateForm } from './ReplicateForm';
import manage from './manage.module.css';

/** Lecturers that could be invited: not the course's lecturer and not already assisting. */
export function invitable<T extends { user_id: number }>(
  lecturers: readonly T[],
  lecturerUserId: number | null | undefined,
  assistantUserIds: readonly number[],
): T[] {
  return lecturers.filter(
    (lecturer) => lecturer.user_id !== lecturerUserId && !assistantUserIds.includes(lecturer.user_id),
  );
}

/** Course settings: its details, copying another course's structure, the assistants (invite, remove, coordinator). */
export default function CourseSettingsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const [search, setSearch] = useState('');
  const lecturers = useLecturersQuery(search.trim());
  const [change, changing] = useChangeAssistantsMutation();
  const [toggle] = useToggleCoordinatorMutation();
  const [failure, setFailure] = useState<string | null>(null);

  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError) {
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  }
  const data = course.data;
  const assistants = data?.assistant ?? [];
  const assistantIds = assistants.map((assistant) => Number(assistant.user_id ?? assistant.user?.id));
  const lecturerUserId = Number(data?.lecturer?.user_id ?? data?.lecturer_id);
  const candidates = invitable(lecturers.data ?? [], lecturerUserId, assistantIds);
  // what succeeded is told by the success toast (notifications/saved.ts); a failure shows here
  const run = (action: Promise<unknown>) => {
    setFailure(null);
    action.catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <UnsavedProvider>
      <section aria-labelledby="settings-title">
        <ManageHeader
          courseId={id}
          course={data}
          title={t('routes.courseSettings')}
          titleId="settings-title"
        />
        {data && (
          <div className={manage.grid}>
            <CourseDetailsForm key={data.id} course={data} />
            <ReplicateForm course={data} />
          </div>
        )}
        <div className={manage.grid}>
          <section className="card card-body" aria-labelledby="assistants-title">
            <h2 id="assistants-title" className="section-title">
              {t('course.assistants')}
            </h2>
            <WarningAlert>{failure}</WarningAlert>
            {assistants.length === 0 ? (
              <p className="muted">{t('course.noAssistants')}</p>
            ) : (
              <ul className="plain-list">
                {assistants.map((assistant) => {
                  const name = assistant.name ?? assistant.user?.name ?? '—';
                  const userId = Number(assistant.user_id ?? assistant.user?.id);
                  return (
                    <li key={assistant.id} className="list-row">
                      <span>
                        {name}{' '}
                        {assistant.is_coordinator && <span className="badge">{t('course.coordinator')}</span>}
                      </span>
                      <span className="row-actions">
                        <button
                          type="button"
                          className="button small"
                          onClick={() => run(toggle({ courseId: id, userId }).unwrap())}
                        >
                          {assistant.is_coordinator ? t('staff.unsetCoordinator') : t('staff.setCoordinator')}
                        </button>
                        <ConfirmButton
                          className="button small"
                          label={t('staff.removeNamed', { name })}
                          question={t('confirm.removeAssistantQuestion', { name, course: data?.name ?? '' })}
                          details={t('confirm.removeAssistantDetails')}
                          action={t('confirm.removeAssistant')}
                          onConfirm={() =>
                            run(change({ courseId: id, action: 'remove', userIds: [userId] }).unwrap())
                          }
                        >
                          {t('enrol.kick')}
                        </ConfirmButton>
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <section className="card card-body" aria-labelledby="invite-title">
            <h2 id="invite-title" className="section-title">
              {t('staff.inviteTitle')}
            </h2>
            <p className="muted small">{t('staff.inviteHelp')}</p>
            <div className="field">
              <label htmlFor="lecturer-search">{t('staff.search')}</label>
              <input
                id="lecturer-search"
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            {lecturers.isFetching ? (
              <Spinner label={t('common.loading')} />
            ) : candidates.length === 0 ? (
              <p className="muted">{t('staff.noCandidates')}</p>
            ) : (
              <ul className="plain-list">
                {candidates.map((lecturer) => (
                  <li key={lecturer.id} className="list-row">
                    <span>
                      {lecturer.name} <span className="muted small">{lecturer.nidn}</span>
                    </span>
                    <button
                      type="button"
                      className="button small"
                      disabled={changing.isLoading}
                      aria-label={t('staff.inviteNamed', { name: lecturer.name })}
                      onClick={() =>
                        run(change({ courseId: id, action: 'add', userIds: [lecturer.user_id] }).unwrap())
                      }
                    >
                      {t('staff.invite')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </section>
    </UnsavedProvider>
  );
}
