import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DashboardCard } from '../layout/DashboardCard';
import { useDates } from '../lib/dates';
import { type TimelineEntry, useTimelineQuery, useTimelineStatisticQuery, useTodoQuery } from './agendaApi';
import { TodoList } from './TodoList';
import styles from './DashboardCards.module.css';

/** The dashboard's "next up": the first three items of the to-do, and a link to the rest. */
export function NextUpCard() {
  const { t } = useTranslation();
  const todo = useTodoQuery({ limit: 3, offset: 0 });
  const items = todo.isError ? [] : (todo.data?.items ?? []);
  const total = todo.isError ? 0 : (todo.data?.total ?? 0);
  return (
    <DashboardCard
      id="next-up-title"
      title={t('agenda.nextUp')}
      action={
        <Link to="/todo" className="small">
          {t('agenda.allTodo', { count: total })}
        </Link>
      }
    >
      {todo.isLoading ? (
        <p className="muted small">{t('agenda.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted small">{t('agenda.todoEmpty')}</p>
      ) : (
        <TodoList items={items} />
      )}
    </DashboardCard>
  );
}

const WEEKS = 8;

/** The dashboard's activity: a bar per week of the last eight (what the user did), and the latest entries. */
export function ActivityCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const statistic = useTimelineStatisticQuery({ id: 'me', weeks: WEEKS });
  const timeline = useTimelineQuery({ profile: 'me', limit: 4 });
  const weeks = statistic.isError ? [] : (statistic.data?.weeks ?? []);
  const highest = Math.max(1, ...weeks.map((week) => week.total));
  const entries = timeline.isError ? [] : (timeline.data?.items ?? []);
  return (
    <DashboardCard id="activity-title" title={t('agenda.activity')}>
      {weeks.length > 0 && (
        <figure className={styles.figure}>
          <figcaption className="small muted">{t('agenda.activityChart', { count: WEEKS })}</figcaption>
          <div className={styles.bars} aria-hidden="true">
            {weeks.map((week) => (
              <div
                key={week.week_start}
                className={styles.barSlot}
                title={`${dates.date(week.week_start)}: ${week.total}`}
              >
                <span className={styles.bar} style={{ height: `${(week.total / highest) * 100}%` }} />
              </div>
            ))}
          </div>
          {/* hidden in a box: a table cannot shrink to the 1 px of .sr-only (it widened a phone's page) */}
          <div className="sr-only">
            <table>
              <caption>{t('agenda.activityChart', { count: WEEKS })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('agenda.weekOf')}</th>
                  <th scope="col">{t('agenda.entries')}</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.week_start}>
                    <th scope="row">{dates.date(week.week_start)}</th>
                    <td>{week.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
      {timeline.isLoading ? (
        <p className="muted small">{t('agenda.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="muted small">{t('agenda.activityEmpty')}</p>
      ) : (
        <ul className="plain-list" data-testid="timeline-entries">
          {entries.map((entry) => (
            <li key={entry.id} className={`list-row ${styles.entry}`}>
              <span>{describe(t, entry)}</span>
              <span className="small muted">
                {entry.course_name} · {dates.dateTime(entry.occurred_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  );
}

function describe(t: ReturnType<typeof useTranslation>['t'], entry: TimelineEntry): string {
  const score = typeof entry.detail.score === 'number' ? entry.detail.score : null;
  return t(`agenda.kinds.${entry.kind}`, {
    name: entry.item_name ?? t(`agenda.types.${entry.item_type}`),
    actor: entry.actor_name ?? '',
    context: entry.kind === 'task_scored' && score !== null ? 'score' : undefined,
    score,
  });
}
