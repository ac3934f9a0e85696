import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { StudentTaskList } from './StudentTaskList';
import { useStudentTasksQuery } from './studentApi';
import { homepageTasks } from './taskState';
import { useNow } from '../../lib/serverClock';

/** How many of the tasks to do the homepage shows (the rest are on `/assignment`). */
const SHOWN = 5;

/**
 * The homepage's assignments for a student (spec 02 §6): the open ones not sent yet, the nearest
 * end first, the first few with a link to all of them.
 */
export function HomeTasks() {
  const { t } = useTranslation();
  const now = useNow({ every: 60_000 });
  const tasks = useStudentTasksQuery({ homepage: true });
  const items = homepageTasks(tasks.data ?? [], now);
  return (
    <section aria-labelledby="home-tasks-title">
      <h2 id="home-tasks-title" className="section-title">
        {t('task.student.list.homeTitle')}
      </h2>
      {tasks.isLoading ? (
        <Spinner label={t('task.student.list.loading')} />
      ) : tasks.isError ? (
        <p className="muted">{t('task.student.list.loadFailed')}</p>
      ) : (
        <>
          <StudentTaskList
            tasks={items.slice(0, SHOWN)}
            labelledBy="home-tasks-title"
            empty={t('task.student.list.emptyTodo')}
          />
          {items.length > SHOWN && (
            <p>
              <Link to="/assignment">{t('task.student.list.all', { count: items.length })}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
