import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDates } from '../../lib/dates';
import { AnswerStateBadge } from './AnswerStateBadge';
import type { Task } from '../taskTypes';
import { answerState } from './taskState';
import styles from './student.module.css';

/** Where a task opens for a student: its page (instructions, state, then the answer). */
export const taskPath = (task: Pick<Task, 'id'>) => `/assignment/${encodeURIComponent(task.id)}`;

/**
 * A student's tasks as a list: the name (to the task's page), personal or group, when it is due
 * and where their answer stands. The empty list says so.
 */
export function StudentTaskList({
  tasks,
  labelledBy,
  empty,
}: {
  tasks: Task[];
  labelledBy: string;
  empty: string;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  if (tasks.length === 0) return <p className="muted empty-state">{empty}</p>;
  return (
    <ul className={`plain-list ${styles.taskList}`} aria-labelledby={labelledBy}>
      {tasks.map((task) => (
        <li key={task.id} className={`list-row ${styles.taskRow}`}>
          <div className={styles.taskMain}>
            <Link to={taskPath(task)} className={styles.taskName}>
              {task.name}
            </Link>
            <span className="muted small">
              {task.tasks_type === 'GROUP' ? t('task.student.kind.group') : t('task.student.kind.personal')}
              {' · '}
              {task.end_at
                ? t('task.student.list.due', { time: dates.dateTime(task.end_at) })
                : t('task.student.window.noEnd')}
            </span>
          </div>
          <AnswerStateBadge state={answerState(task.meta?.my_answer)} />
        </li>
      ))}
    </ul>
  );
}
