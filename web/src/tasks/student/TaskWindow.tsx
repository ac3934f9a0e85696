import { useTranslation } from 'react-i18next';
import { useDates } from '../../lib/dates';
import { useNow } from '../../lib/serverClock';
import { msUntilEnd, splitDuration, windowState } from './taskState';
import type { Task } from '../taskTypes';
import styles from './student.module.css';

/** The time left as its two largest units ("2 days 3 hours", "4 minutes 10 seconds"). */
function useTimeLeft(ms: number): string {
  const { t } = useTranslation();
  const { days, hours, minutes, seconds } = splitDuration(ms);
  const parts = [
    ['days', days],
    ['hours', hours],
    ['minutes', minutes],
    ['seconds', seconds],
  ] as const;
  const first = parts.findIndex(([, value]) => value > 0);
  if (first < 0) return t('task.student.window.units.seconds', { count: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([, value], index) => index === 0 || value > 0)
    .map(([unit, count]) => t(`task.student.window.units.${unit}`, { count }))
    .join(' ');
}

/**
 * When the task takes answers: its start and end, and how long is left (counted down each second
 * on the last day), or that it has ended — and whether a late answer is still taken.
 */
export function TaskWindow({ task }: { task: Pick<Task, 'start_at' | 'end_at' | 'is_lateable'> }) {
  const { t } = useTranslation();
  const dates = useDates();
  const now = useNow({ until: task.end_at });
  const state = windowState(task, now);
  const left = msUntilEnd(task, now);
  const remaining = useTimeLeft(left ?? 0);
  return (
    <dl className={styles.facts}>
      <dt>{t('task.student.window.opens')}</dt>
      <dd>{task.start_at ? dates.dateTime(task.start_at) : t('task.student.window.anyTime')}</dd>
      <dt>{t('task.student.window.due')}</dt>
      <dd>{task.end_at ? dates.dateTime(task.end_at) : t('task.student.window.noEnd')}</dd>
      <dt>{t('task.student.window.left')}</dt>
      <dd
        data-testid="task-time-left"
        className={state === 'open' && left !== null && left < 3_600_000 ? styles.urgent : undefined}
      >
        {state === 'open'
          ? left === null
            ? t('task.student.window.noEnd')
            : remaining
          : t(`task.student.window.state.${state}`)}
      </dd>
    </dl>
  );
}
