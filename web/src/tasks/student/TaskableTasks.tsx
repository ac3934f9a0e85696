import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMeQuery } from '../../auth/authApi';
import { useDates } from '../../lib/dates';
import { AnswerStateBadge } from './AnswerStateBadge';
import { taskPath } from './StudentTaskList';
import { useStudentTasksQuery } from './studentApi';
import { answerState } from './taskState';
import styles from './student.module.css';

/**
 * The tasks of the module or activity a course's reader shows, under its contents: each links to
 * the task's page; a student sees where their answer stands. Nothing when there are none (or
 * when they cannot be read: the contents above are what the page is for).
 */
export function TaskableTasks({
  taskableType,
  taskableId,
}: {
  taskableType: 'module' | 'activity';
  taskableId: string;
}) {
  const { t } = useTranslation();
  const student = useMeQuery().data?.role === 'student';
  const dates = useDates();
  const tasks = useStudentTasksQuery({ taskableType, taskableId });
  const items = tasks.data ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={`tasks-of-${taskableType}-${taskableId}`} className={styles.taskable}>
      <h3 id={`tasks-of-${taskableType}-${taskableId}`} className="section-title">
        {t('task.student.list.ofTaskable')}
      </h3>
      <ul className={`plain-list ${styles.taskList}`}>
        {items.map((task) => (
          <li key={task.id} className={`list-row ${styles.taskRow}`}>
            <div className={styles.taskMain}>
              <Link to={taskPath(task)} className={styles.taskName}>
                {task.name}
              </Link>
              {task.end_at && (
                <span className="muted small">
                  {t('task.student.list.due', { time: dates.dateTime(task.end_at) })}
                </span>
              )}
            </div>
            {student && <AnswerStateBadge state={answerState(task.meta?.my_answer)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
