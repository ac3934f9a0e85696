import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, CountTable, ScoreHistogram } from '../../lib/charts/Charts';
import type { TaskStatistics } from '../taskTypes';

/** The charts of a task's overview (the statistics pieces of lib/charts). */
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
    <ChartFigure
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
        <CountTable
          rows={data.map((item) => ({ key: item.state, label: item.name, count: item.count }))}
          labelHeader={t('task.staff.detail.state')}
          countHeader={t('task.staff.detail.students')}
        />
      }
    />
  );
}

/** How many scored answers fall in each 10-point range, with the passing grade marked. */
export function TaskScoreHistogram({
  statistics,
  passingGrade,
}: {
  statistics: TaskStatistics;
  passingGrade: number;
}) {
  const { t } = useTranslation();
  return (
    <ScoreHistogram
      bins={statistics.histogram.map((bin) => ({
        label: `${bin.from}–${bin.to}`,
        from: bin.from,
        count: bin.count,
      }))}
      passingGrade={passingGrade}
      title={t('task.staff.detail.distribution')}
      countLabel={t('task.staff.detail.answers')}
      rangeLabel={t('task.staff.detail.range')}
    />
  );
}
