import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useCourseQuery, type Course } from '../../courses/coursesApi';
import { activityName } from '../../courses/names';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { courseTasks, HOME_TASKS, trashedTasks, useRestoreTaskMutation, useTasksQuery } from '../api';
import type { Task } from '../taskTypes';
import styles from './staff.module.css';

/**
 * `/assignment` for the staff. Without a course: the tasks of their courses whose end has passed,
 * to grade (spec 02 §6). With `?course=`: that course's tasks by module and activity, a new task
 * for each, and the deleted ones to restore.
 */
export default function StaffTasksPage() {
  const [params] = useSearchParams();
  const courseId = params.get('course');
  return courseId ? <CourseTasks courseId={courseId} /> : <HomeTasks />;
}

function HomeTasks() {
  const { t } = useTranslation();
  const tasks = useTasksQuery(HOME_TASKS);
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <h1 id="page-title">{t('routes.assignments')}</h1>
          <p className="muted">{t('task.staff.list.homeHelp')}</p>
        </div>
      </header>
      <TaskRows query={tasks} empty={t('task.staff.list.nothingToGrade')} />
    </section>
  );
}

function TaskRows({
  query,
  empty,
  only,
}: {
  query: { isLoading: boolean; error?: unknown; data?: { items: Task[] }; refetch: () => unknown };
  empty: string;
  only?: (task: Task) => boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  if (query.isLoading) return <Spinner label={t('task.loadingList')} />;
  if (query.error) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(query.error, t('task.loadListFailed')).text}</p>
        <button type="button" className="button" onClick={() => void query.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const items: Task[] = (query.data?.items ?? []).filter(only ?? (() => true));
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list">
      {items.map((task) => (
        <li key={task.id} className="list-row">
          <div>
            <Link to={`/assignment/${encodeURIComponent(task.id)}`}>{task.name}</Link>
            <p className="muted small">
              {t(`task.staff.editor.types.${task.tasks_type}`)}
              {task.end_at ? ` · ${t('task.endsAt', { at: dateTime(task.end_at) })}` : ''}
              {task.is_active ? '' : ` · ${t('task.staff.detail.inactive')}`}
            </p>
          </div>
          <span className="row-actions">
            {task.meta?.counts && (
              <span className="badge">
                {t('task.staff.list.counts', {
                  sent: task.meta.counts.sent,
                  students: task.meta.counts.students,
                  scored: task.meta.counts.scored,
                })}
              </span>
            )}
            <Link
              className="button small"
              to={`/assignment/${encodeURIComponent(task.id)}/submissions`}
              aria-label={t('task.staff.list.gradeNamed', { name: task.name })}
            >
              {t('task.staff.detail.grade')}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}

function CourseTasks({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const course = useCourseQuery(courseId);
  const tasks = useTasksQuery(courseTasks(courseId));
  if (course.isLoading) return <Spinner label={t('course.loading')} />;
  if (!course.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(course.error, t('task.loadListFailed')).text}</p>
      </div>
    );
  }
  const data: Course = course.data;
  const newHref = (type: 'module' | 'activity', id: string) =>
    `/assignment/new?${new URLSearchParams({ course: data.id, taskable_type: type, taskable_id: id })}`;
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <p className="muted small">{data.code}</p>
          <h1 id="page-title">
            {t('routes.assignments')}: {data.name}
          </h1>
        </div>
        <p className="row-actions">
          <Link className="button" to={`/courses/${encodeURIComponent(data.id)}`}>
            {t('editor.backToCourse')}
          </Link>
        </p>
      </header>
      {(data.modules ?? []).length === 0 && <p className="muted">{t('task.staff.list.noModules')}</p>}
      {(data.modules ?? []).map((module) => (
        <section
          key={module.id}
          className={`card card-body ${styles.place}`}
          aria-labelledby={`module-${module.id}`}
        >
          <header className={styles.graderHead}>
            <h2 id={`module-${module.id}`} className="section-title">
              {module.name}
            </h2>
            <Link
              className="button small button-primary"
              to={newHref('module', module.id)}
              aria-label={t('task.staff.list.newIn', { place: module.name })}
            >
              {t('task.staff.list.new')}
            </Link>
          </header>
          <TaskRows
            query={tasks}
            empty={t('task.staff.list.none')}
            only={(task) => task.taskable_type === 'module' && String(task.taskable_id) === module.id}
          />
          {(module.activities ?? []).map((activity) => {
            const name = activityName(t, activity.name);
            const tasksHere = (tasks.data?.items ?? []).filter(
              (task) => task.taskable_type === 'activity' && String(task.taskable_id) === activity.id,
            );
            return (
              <div key={activity.id} className={styles.place}>
                <header className={styles.graderHead}>
                  <h3 className={styles.subTitle}>{name}</h3>
                  <Link
                    className="button small"
                    to={newHref('activity', activity.id)}
                    aria-label={t('task.staff.list.newIn', { place: name })}
                  >
                    {t('task.staff.list.new')}
                  </Link>
                </header>
                {tasksHere.length > 0 && (
                  <TaskRows
                    query={tasks}
                    empty=""
                    only={(task) =>
                      task.taskable_type === 'activity' && String(task.taskable_id) === activity.id
                    }
                  />
                )}
              </div>
            );
          })}
        </section>
      ))}
      <Trash courseId={data.id} />
    </section>
  );
}

/** The course's deleted tasks, each restored in one click (nothing is lost by restoring). */
function Trash({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const trashed = useTasksQuery(trashedTasks(courseId));
  const [restore, restoring] = useRestoreTaskMutation();
  const items = trashed.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className={`card card-body ${styles.place}`} aria-labelledby="trash-title">
      <h2 id="trash-title" className="section-title">
        {t('task.staff.list.deleted')}
      </h2>
      <ul className="plain-list">
        {items.map((task) => (
          <li key={task.id} className="list-row">
            <span>{task.name}</span>
            <button
              type="button"
              className="button small"
              disabled={restoring.isLoading}
              aria-label={t('task.staff.list.restoreNamed', { name: task.name })}
              onClick={() => void restore({ id: task.id })}
            >
              {t('task.staff.detail.restore')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
