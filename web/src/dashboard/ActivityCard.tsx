import { useTranslation } from 'react-i18next';
import { type TimelineEntry, useTimelineQuery, useTimelineStatisticQuery } from '../agenda/agendaApi';
import { DashboardCard } from '../layout/DashboardCard';
import { QueryState } from '../layout/QueryState';
import { useDates } from '../lib/dates';
import styles from './ActivityCard.module.css';

const WEEKS = 8;

/**
 * The dashboard's activity: a bar per week of the last eight (what the user did), and the latest
 * entries (with their loading, failed and empty states).
 */
export function ActivityCard() {
  const { t } = useTranslation();
  const dates = useDates();
  const statistic = useTimelineStatisticQuery({ id: 'me', weeks: WEEKS });
  const timeline = useTimelineQuery({ profile: 'me', limit: 4 });
  const weeks = statistic.isError ? [] : (statistic.data?.weeks ?? []);
  const highest = Math.max(1, ...weeks.map((week) => week.total));
  const entries = timeline.data?.items ?? [];
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
      <QueryState
        query={timeline}
        loading={t('dashboard.loading')}
        failed={t('dashboard.failed')}
        empty={entries.length === 0 ? t('agenda.activityEmpty') : null}
      >
        {() => (
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
      </QueryState>
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
