import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMeQuery } from '../auth/authApi';
import { CourseLoadFailed } from '../courses/CoursePage';
import { useCourseQuery } from '../courses/coursesApi';
import { ManageHeader } from '../courses/manage/ManageHeader';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { type CourseGroup, useCourseGroupsQuery } from './groupsApi';
import { GenerateForm } from './GenerateForm';
import { GroupSet } from './GroupSet';
import styles from './GroupsPage.module.css';

/** The names of the course's sets, in the order their first group was made. */
export function setsOf(groups: readonly CourseGroup[]): string[] {
  return [...new Set(groups.map((group) => group.groups_type))];
}

/**
 * The course's groups (`/courses/:id/groups`): its teaching staff manage the sets — generate one
 * (previewed before it replaces anything), move students, choose leaders, add and delete groups;
 * a student sees the groups they are in.
 */
export default function GroupsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const course = useCourseQuery(id);
  const me = useMeQuery();
  const groups = useCourseGroupsQuery(id, { skip: !course.data });
  const [chosen, setChosen] = useState<string | null>(null);
  if (course.isLoading || me.isLoading) return <Spinner label={t('course.loading')} />;
  if (course.isError || !course.data)
    return <CourseLoadFailed error={course.error} retry={() => void course.refetch()} />;
  const staff = me.data?.role === 'lecturer' && course.data.status !== 'STUDENT';
  const all = groups.data ?? [];
  const sets = setsOf(all);
  const current = chosen !== null && sets.includes(chosen) ? chosen : (sets[0] ?? null);

  return (
    <section aria-labelledby="groups-title">
      <ManageHeader
        courseId={id}
        course={course.data}
        title={t('routes.courseGroups')}
        titleId="groups-title"
      />
      {groups.isLoading ? (
        <Spinner label={t('groups.loading')} />
      ) : groups.error ? (
        <p role="alert">{notificationFor(groups.error, t('groups.failed')).text}</p>
      ) : staff ? (
        <div className={styles.layout}>
          <GenerateForm courseId={id} sets={sets} current={current} onGenerated={setChosen} />
          <div className={styles.sets}>
            {sets.length === 0 ? (
              <p className="empty-state">{t('groups.noSets')}</p>
            ) : (
              <>
                <div className="field">
                  <label htmlFor="group-set">{t('groups.set')}</label>
                  <select
                    id="group-set"
                    value={current ?? ''}
                    onChange={(event) => setChosen(event.target.value)}
                  >
                    {sets.map((set) => (
                      <option key={set} value={set}>
                        {set}
                      </option>
                    ))}
                  </select>
                </div>
                {current !== null && (
                  <GroupSet
                    courseId={id}
                    type={current}
                    groups={all.filter((group) => group.groups_type === current)}
                  />
                )}
              </>
            )}
          </div>
        </div>
      ) : (
        <MyGroups groups={all} userId={Number(me.data?.id)} />
      )}
    </section>
  );
}

/** The groups a student is in, one per set, with their members and leader. */
function MyGroups({ groups, userId }: { groups: CourseGroup[]; userId: number }) {
  const { t } = useTranslation();
  const mine = groups.filter((group) => group.users.some((user) => user.id === userId));
  if (mine.length === 0) return <p className="empty-state">{t('groups.notInAny')}</p>;
  return (
    <div className={styles.cards}>
      {mine.map((group) => (
        <section key={group.id} className="card card-body" aria-labelledby={`my-group-${group.id}`}>
          <p className="muted small">{group.groups_type}</p>
          <h2 id={`my-group-${group.id}`} className="section-title">
            {group.name}
          </h2>
          <ul className="plain-list" aria-label={t('groups.membersOf', { name: group.name })}>
            {group.users.map((user) => (
              <li key={user.id}>
                {user.name}
                {user.id === userId && <span className="muted"> · {t('groups.you')}</span>}
                {user.is_leader && <span className="badge">{t('groups.leader')}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
