import { useId, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TaskStatistics } from '../taskTypes';
import styles from './staff.module.css';

/**
 * The charts of a task's overview (recharts, SVG): a picture for the eye, hidden from assistive
 * technology; its numbers are a table beside it.
 */
const SIZE = { width: 560, height: 240 };

function Figure({ title, chart, table }: { title: string; chart: ReactElement; table: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <figure className={styles.figure} aria-labelledby={id}>
      <figcaption id={id} className={styles.figureTitle}>
        {title}
      </figcaption>
      <div aria-hidden="true" inert className={styles.chart}>
        <ResponsiveContainer width="100%" height={SIZE.height} initialDimension={SIZE}>
          {chart}
        </ResponsiveContainer>
      </div>
      <details>
        <summary>{t('task.staff.detail.asTable')}</summary>
        <div className={styles.tableWrap}>{table}</div>
      </details>
    </figure>
  );
}

const STATES = ['not_started', 'draft', 'sent', 'late'] as const;
const STATE_COLORS: Record<(typeof STATES)[number], string> = {
  not_started: 'var(--muted)',
  draft: 'var(--warning)',
  sent: 'var(--success)',
  late: 'var(--danger)',
};

/** How many students have not started, keep a draft, sent in time, sent late. */
export function StateChart({ statistics }: { statistics: TaskStatistics }) {
  const { t } = useTranslation();
  const data = STATES.map((state) => ({
    state,
    name: t(`task.staff.states.${state}`),
    // "sent" counts every sent answer; the chart shows those in time and the late ones apart
    count: state === 'sent' ? statistics.sent - statistics.late : statistics[state],
  }));
  return (
    <Figure
      title={t('task.staff.detail.states')}
      chart={
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          <Bar dataKey="count" name={t('task.staff.detail.students')} isAnimationActive={false}>
            {data.map((item) => (
              <Cell key={item.state} fill={STATE_COLORS[item.state]} />
            ))}
          </Bar>
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('task.staff.detail.state')}</th>
              <th scope="col">{t('task.staff.detail.students')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.state}>
                <th scope="row">{item.name}</th>
                <td>{item.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

/** How many scored answers fall in each 10-point range, with the passing grade marked. */
export function ScoreHistogram({
  statistics,
  passingGrade,
}: {
  statistics: TaskStatistics;
  passingGrade: number;
}) {
  const { t } = useTranslation();
  const data = statistics.histogram.map((bin) => ({
    range: `${bin.from}–${bin.to}`,
    from: bin.from,
    count: bin.count,
  }));
  const passBin = data.find(
    (item, at) => passingGrade >= item.from && (at === data.length - 1 || passingGrade < data[at + 1].from),
  );
  return (
    <Figure
      title={t('task.staff.detail.distribution')}
      chart={
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="range" />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          {passBin && passingGrade > 0 && (
            <ReferenceLine x={passBin.range} stroke="var(--danger)" label={t('task.staff.detail.passMark')} />
          )}
          <Bar
            dataKey="count"
            name={t('task.staff.detail.answers')}
            fill="var(--primary)"
            isAnimationActive={false}
          />
        </BarChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('task.staff.detail.range')}</th>
              <th scope="col">{t('task.staff.detail.answers')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((item) => (
              <tr key={item.range}>
                <th scope="row">{item.range}</th>
                <td>{item.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
