import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import {
  useCreateGroupMutation,
  useDeleteGroupMutation,
  useTaskGroupsQuery,
  useTaskStudentsQuery,
  useUpdateGroupMutation,
} from '../api';
import { ImportGroupSet } from '../../groups/ImportGroupSet';
import type { Task, TaskGroup } from '../taskTypes';
import styles from './staff.module.css';

/**
 * The groups of a group task: each with its members (their member scores are in the submissions
 * table), made, renamed, recomposed or removed by the staff. A student belongs to one group of a
 * task: the member choice offers those without one.
 */
export function GroupsPanel({ task }: { task: Task }) {
  const { t } = useTranslation();
  const groups = useTaskGroupsQuery(task.id);
  const [editing, setEditing] = useState<string | null>(null);
  const [remove] = useDeleteGroupMutation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className={`card card-body ${styles.section}`} aria-labelledby="task-groups">
      <h2 id="task-groups" className="section-title">
        {t('task.staff.groups.title')}
      </h2>
      {groups.isLoading ? (
        <Spinner label={t('task.staff.groups.loading')} />
      ) : groups.error ? (
        <p role="alert">{notificationFor(groups.error, t('task.staff.groups.failed')).text}</p>
      ) : (groups.data ?? []).length === 0 ? (
        <p className="muted">{t('task.staff.groups.none')}</p>
      ) : (
        <ul className="plain-list">
          {(groups.data ?? []).map((group) =>
            editing === group.id ? (
              <li key={group.id}>
                <GroupForm
                  task={task}
                  group={group}
                  groups={groups.data ?? []}
                  onDone={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={group.id} className="list-row">
                <div>
                  <strong>{group.name}</strong>
                  <p className="muted small">
                    {group.members.map((member) => member.name).join(', ') || t('task.staff.groups.empty')}
                  </p>
                </div>
                <span className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('task.staff.groups.editNamed', { name: group.name })}
                    onClick={() => setEditing(group.id)}
                  >
                    {t('task.staff.groups.edit')}
                  </button>
                  <ConfirmButton
                    className="button small button-danger"
                    label={t('task.staff.groups.deleteNamed', { name: group.name })}
                    question={t('task.staff.groups.deleteQuestion', { name: group.name })}
                    details={t('task.staff.groups.deleteDetails')}
                    action={t('task.staff.groups.delete')}
                    onConfirm={() =>
                      void remove({ taskId: task.id, groupId: group.id, name: group.name })
                        .unwrap()
                        .catch((error: unknown) => setFailure(notificationFor(error).text))
                    }
                  >
                    {t('task.staff.groups.delete')}
                  </ConfirmButton>
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      <WarningAlert>{failure}</WarningAlert>
      {editing === null && <GroupForm task={task} groups={groups.data ?? []} onDone={() => undefined} />}
      <ImportGroupSet taskId={task.id} />
    </section>
  );
}

/** A new group, or an existing one renamed and recomposed. */
function GroupForm({
  task,
  group,
  groups,
  onDone,
}: {
  task: Task;
  group?: TaskGroup;
  groups: TaskGroup[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const students = useTaskStudentsQuery({ taskId: task.id, limit: 0 });
  const [create, creating] = useCreateGroupMutation();
  const [update, updating] = useUpdateGroupMutation();
  const [name, setName] = useState(group?.name ?? '');
  const [members, setMembers] = useState<number[]>(() =>
    (group?.members ?? []).map((member) => Number(member.id)),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const taken = new Set(
    groups
      .filter((other) => other.id !== group?.id)
      .flatMap((other) => other.members.map((member) => Number(member.id))),
  );
  const free = (students.data?.items ?? []).filter((row) => !taken.has(Number(row.student.id)));
  const prefix = group ? `group-${group.id}` : 'group-new';
  const busy = creating.isLoading || updating.isLoading;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!name.trim()) return;
    const save = group
      ? update({ taskId: task.id, groupId: group.id, name: name.trim(), student_ids: members }).unwrap()
      : create({ taskId: task.id, name: name.trim(), student_ids: members }).unwrap();
    save
      .then(() => {
        if (!group) {
          setName('');
          setMembers([]);
        }
        onDone();
      })
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <form
      className={styles.groupForm}
      onSubmit={submit}
      aria-label={group ? t('task.staff.groups.editNamed', { name: group.name }) : t('task.staff.groups.new')}
    >
      <div className="field">
        <label htmlFor={`${prefix}-name`}>{t('task.staff.groups.name')}</label>
        <input
          id={`${prefix}-name`}
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className={styles.memberChoice}>
        <legend>{t('task.staff.groups.members')}</legend>
        {free.length === 0 && <p className="muted small">{t('task.staff.groups.noneFree')}</p>}
        {free.map((row) => {
          const studentId = Number(row.student.id);
          return (
            <label key={row.student.id} className={styles.switch}>
              <input
                type="checkbox"
                checked={members.includes(studentId)}
                onChange={(event) =>
                  setMembers((now) =>
                    event.target.checked ? [...now, studentId] : now.filter((value) => value !== studentId),
                  )
                }
              />
              <span>
                {row.student.name} <span className="muted small">{row.student.username}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={busy || !name.trim()}>
          {group ? t('task.staff.groups.save') : t('task.staff.groups.create')}
        </button>
        {group && (
          <button type="button" className="button" onClick={onDone}>
            {t('task.staff.groups.cancel')}
          </button>
        )}
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
