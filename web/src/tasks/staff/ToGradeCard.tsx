import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DashboardCard } from '../../layout/DashboardCard';
import { useDates } from '../../lib/dates';
import { HOME_TASKS, useTasksQuery } from '../api';
import type { Task } from '../taskTypes';

/** How many of the tasks waiting for grading the dashboard shows (the rest are on `/assignment`). */
const SHOWN = 5;

/**
 * The ended tasks with answers waiting for a score, the latest end first. The server's homepage
 * list (spec 02 §6: the staff's tasks whose end has passed, of the courses they teach) gives the
 * tasks; their `to_score` count tells which wait.
 */
export function waitingForGrading(tasks: Task[]): Task[] {
  return tasks
    .filter((task) => (task.meta?.counts?.to_score ?? 0) > 0)
    .sort((a, b) => Date.parse(b.end_at ?? '') - Date.parse(a.end_at ?? ''));
}

/** The dashboard's card for the staff: the ended assignments whose answers wait for a score. */
export function ToGradeCard() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const tasks = useTasksQuery(HOME_TASKS);
  const waiting = waitingForGrading(tasks.data?.items ?? []);
  return (
    <DashboardCard
      id="to-grade-title"
      title={t('task.staff.dashboard.title')}
      action={
        <Link to="/assignment" className="small">
          {t('task.staff.dashboard.all', { count: tasks.data?.items.length ?? 0 })}
        </Link>
      }
    >
      {tasks.isLoading ? (
        <p className="muted small">{t('task.loadingList')}</p>
      ) : tasks.isError ? (
        <p className="muted small">{t('task.loadListFailed')}</p>
      ) : waiting.length === 0 ? (
        <p className="muted small">{t('task.staff.list.nothingToGrade')}</p>
      ) : (
        <ul className="plain-list">
          {waiting.slice(0, SHOWN).map((task) => (
            <li key={task.id} className="list-row">
              <span>
                <Link
                  to={`/assignment/${encodeURIComponent(task.id)}/submissions`}
                  aria-label={t('task.staff.list.gradeNamed', { name: task.name })}
                >
                  {task.name}
                </Link>
                {task.end_at && (
                  <span className="small muted">
                    {' '}
                    · {t('task.staff.dashboard.ended', { at: dateTime(task.end_at) })}
                  </span>
                )}
              </span>
              <span className="badge">
                {t('task.staff.dashboard.waiting', { count: task.meta?.counts?.to_score ?? 0 })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}
