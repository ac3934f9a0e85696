import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStudentsQuery } from '../courses/enrol/enrolmentApi';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import {
  type CourseGroup,
  type MemberInput,
  useCreateCourseGroupMutation,
  useDeleteCourseGroupMutation,
  useUpdateCourseGroupMutation,
} from './groupsApi';
import styles from './GroupSet.module.css';

const membersOf = (group: CourseGroup): MemberInput[] =>
  group.users.map((user) => ({ id: user.id, is_leader: user.is_leader }));

/**
 * The groups of one set as cards: each member can be moved to another group of the set (or out of
 * it) and made its leader; the students in no group of the set can be put in one; groups are added
 * and deleted.
 */
export function GroupSet({
  courseId,
  type,
  groups,
}: {
  courseId: string;
  type: string;
  groups: CourseGroup[];
}) {
  const { t } = useTranslation();
  const students = useStudentsQuery(courseId);
  const [update, updating] = useUpdateCourseGroupMutation();
  const [remove] = useDeleteCourseGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const grouped = new Set(groups.flatMap((group) => group.users.map((user) => user.id)));
  const free = (students.data ?? []).filter((student) => !grouped.has(Number(student.user_id)));

  const save = (group: CourseGroup, users: MemberInput[], move = false) => {
    setFailure(null);
    void update({ courseId, groupId: group.id, name: group.name, users, move })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  /** Puts the student in `targetId` (taking them out of their group), or out of every group (''). */
  const place = (userId: number, from: CourseGroup | null, targetId: string) => {
    if (targetId === '') {
      if (from)
        save(
          from,
          membersOf(from).filter((member) => member.id !== userId),
        );
      return;
    }
    const target = groups.find((group) => group.id === targetId);
    if (!target || target.id === from?.id) return;
    save(target, [...membersOf(target), { id: userId, is_leader: target.users.length === 0 }], true);
  };

  const placeSelect = (userId: number, name: string, from: CourseGroup | null) => (
    <select
      className={styles.move}
      aria-label={t(from ? 'groups.moveNamed' : 'groups.placeNamed', { name })}
      value={from?.id ?? ''}
      disabled={updating.isLoading}
      onChange={(event) => place(userId, from, event.target.value)}
    >
      <option value="">{t('groups.noGroup')}</option>
      {groups.map((group) => (
        <option key={group.id} value={group.id}>
          {group.name}
        </option>
      ))}
    </select>
  );

  return (
    <div className={styles.set}>
      <WarningAlert>{failure}</WarningAlert>
      <div className={styles.cards}>
        {groups.map((group) => (
          <section key={group.id} className="card card-body" aria-labelledby={`group-${group.id}`}>
            <header className={styles.head}>
              <h3 id={`group-${group.id}`} className="section-title">
                {group.name}
              </h3>
              <ConfirmButton
                className="button small button-danger"
                label={t('groups.deleteNamed', { name: group.name })}
                question={t('groups.deleteQuestion', { name: group.name, set: type })}
                details={t('groups.deleteDetails')}
                action={t('groups.delete')}
                onConfirm={() =>
                  void remove({ courseId, groupId: group.id, name: group.name })
                    .unwrap()
                    .catch((error: unknown) => setFailure(notificationFor(error).text))
                }
              >
                {t('groups.delete')}
              </ConfirmButton>
            </header>
            {group.users.length === 0 ? (
              <p className="muted small">{t('groups.empty')}</p>
            ) : (
              <ul
                className={`plain-list ${styles.members}`}
                aria-label={t('groups.membersOf', { name: group.name })}
              >
                {group.users.map((user) => (
                  <li key={user.id} className={styles.member}>
                    <label className={styles.leader}>
                      <input
                        type="radio"
                        name={`leader-${group.id}`}
                        checked={user.is_leader}
                        disabled={updating.isLoading}
                        aria-label={t('groups.makeLeader', { name: user.name, group: group.name })}
                        onChange={() =>
                          save(
                            group,
                            group.users.map((other) => ({ id: other.id, is_leader: other.id === user.id })),
                          )
                        }
                      />
                      <span>{user.name}</span>
                      {user.is_leader && <span className="badge">{t('groups.leader')}</span>}
                    </label>
                    {placeSelect(user.id, user.name, group)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      {free.length > 0 && (
        <section className="card card-body" aria-labelledby="groups-free">
          <h3 id="groups-free" className="section-title">
            {t('groups.ungrouped', { count: free.length })}
          </h3>
          <ul className={`plain-list ${styles.members}`}>
            {free.map((student) => (
              <li key={student.user_id} className={styles.member}>
                <span>{student.name}</span>
                {placeSelect(Number(student.user_id), student.name ?? '', null)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <NewGroupForm courseId={courseId} type={type} />
    </div>
  );
}

/** Adds an empty group to the set. */
function NewGroupForm({ courseId, type }: { courseId: string; type: string }) {
  const { t } = useTranslation();
  const [create, creating] = useCreateCourseGroupMutation();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      className="form-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        setFailure(null);
        void create({ courseId, type, name: name.trim(), users: [] })
          .unwrap()
          .then(() => setName(''))
          .catch((error: unknown) => setFailure(notificationFor(error).text));
      }}
    >
      <div className="field grow">
        <label htmlFor="new-group-name">{t('groups.newName')}</label>
        <input
          id="new-group-name"
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={creating.isLoading || !name.trim()}>
        {t('groups.add')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
