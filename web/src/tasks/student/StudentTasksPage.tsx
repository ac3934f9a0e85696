import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { notificationFor } from '../../notifications/notification';
import { StudentTaskList } from './StudentTaskList';
import { useStudentTasksQuery } from './studentApi';
import { homepageTasks } from './taskState';
import { useNow } from '../../lib/serverClock';

/**
 * `/assignment` for a student: the tasks still to do (spec 02 §6 — not sent and not past their
 * end, soonest end first), or every task of one course with `?course=`.
 */
export default function StudentTasksPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = params.get('course') ?? undefined;
  const now = useNow({ every: 60_000 });
  const tasks = useStudentTasksQuery(courseId ? { courseId } : { homepage: true });
  // The server applies the homepage rules; the page applies them again as time passes.
  const items = courseId ? (tasks.data ?? []) : homepageTasks(tasks.data ?? [], now);
  return (
    <section aria-labelledby="student-tasks-title">
      <header className="page-header">
        <div>
          <h1 id="student-tasks-title">{t('routes.assignments')}</h1>
          <p className="muted">
            {courseId ? t('task.student.list.courseIntro') : t('task.student.list.todoIntro')}
          </p>
        </div>
      </header>
      {tasks.isLoading ? (
        <Spinner label={t('task.student.list.loading')} />
      ) : tasks.isError ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(tasks.error, t('task.student.list.loadFailed')).text}</p>
          <button type="button" className="button" onClick={() => void tasks.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : (
        <StudentTaskList
          tasks={items}
          labelledBy="student-tasks-title"
          empty={courseId ? t('task.student.list.emptyCourse') : t('task.student.list.emptyTodo')}
        />
      )}
    </section>
  );
}
