import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { HOME_TASKS, useTasksQuery } from '../api';

/**
 * `/assignment` for a course's staff: the tasks whose end has passed, to grade (spec 02 §6), each
 * with how many students sent and how many answers are scored.
 */
export default function StaffTasksPage() {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const tasks = useTasksQuery(HOME_TASKS);
  return (
    <section aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <h1 id="page-title">{t('routes.assignments')}</h1>
          <p className="muted">{t('task.staff.list.homeHelp')}</p>
        </div>
      </header>
      {tasks.isLoading ? (
        <Spinner label={t('task.loadingList')} />
      ) : tasks.error ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(tasks.error, t('task.loadListFailed')).text}</p>
          <button type="button" className="button" onClick={() => void tasks.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : !tasks.data?.items.length ? (
        <p className="empty-state">{t('task.staff.list.nothingToGrade')}</p>
      ) : (
        <ul className="plain-list">
          {tasks.data.items.map((task) => (
            <li key={task.id} className="list-row">
              <div>
                <Link to={`/assignment/${encodeURIComponent(task.id)}`}>{task.name}</Link>
                <p className="muted small">
                  {task.end_at ? t('task.endsAt', { at: dateTime(task.end_at) }) : ''}
                </p>
              </div>
              {task.meta?.counts && (
                <span className="badge">
                  {t('task.staff.list.scoredOf', {
                    scored: task.meta.counts.scored,
                    sent: task.meta.counts.sent,
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
