import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure, ChartGrid, CountTable, KeyFigures } from '../lib/charts/Charts';
import { useDates } from '../lib/dates';
import { PRESENCE_TYPES, type Presence, type PresenceType } from './presenceTypes';

/** Each type's colour, from the theme (so the dark themes need nothing more). */
export const TYPE_COLORS: Record<PresenceType, string> = {
  attend: 'var(--success)',
  sick: 'var(--warning)',
  absent: 'var(--danger)',
  leave: 'var(--primary)',
  other: 'var(--muted)',
};

const MARGIN = { top: 8, right: 8, bottom: 8, left: 0 };

/**
 * The class's recap at a glance (staff): the attendance rate over every session, the marks of
 * each session stacked by type, and the marks of all sessions by type; each chart's numbers in
 * its table.
 */
export function RecapCharts({ sessions }: { sessions: readonly Presence[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  // the staff read each session's counts (a student's are null: this chart is not theirs)
  const perSession = sessions.flatMap((session) =>
    session.counts
      ? [
          {
            key: session.id,
            name: session.act_code ?? dates.date(session.start_at) ?? session.start_at,
            ...session.counts,
          },
        ]
      : [],
  );
  const totals = PRESENCE_TYPES.map((type) => ({
    type,
    name: t(`presence.types.${type}`),
    count: perSession.reduce((sum, session) => sum + session[type], 0),
  }));
  const marked = totals.reduce((sum, item) => sum + item.count, 0);
  const attended = totals[0].count;
  return (
    <section aria-labelledby="recap-title">
      <h2 id="recap-title" className="section-title">
        {t('presence.recap.title')}
      </h2>
      <KeyFigures
        items={[
          { key: 'sessions', label: t('presence.recap.sessions'), value: sessions.length },
          { key: 'marks', label: t('presence.recap.marks'), value: marked },
          {
            key: 'rate',
            label: t('presence.recap.rate'),
            value: marked === 0 ? '–' : `${Math.round((attended / marked) * 1000) / 10} %`,
          },
        ]}
      />
      <ChartGrid>
        <ChartFigure
          title={t('presence.recap.perSession')}
          chart={
            <BarChart accessibilityLayer={false} data={perSession} margin={MARGIN}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} width={36} />
              <Tooltip />
              <Legend />
              {PRESENCE_TYPES.map((type) => (
                <Bar
                  key={type}
                  dataKey={type}
                  stackId="marks"
                  name={t(`presence.types.${type}`)}
                  fill={TYPE_COLORS[type]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          }
          table={
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('presence.recap.session')}</th>
                  {PRESENCE_TYPES.map((type) => (
                    <th key={type} scope="col">
                      {t(`presence.types.${type}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {perSession.map((session) => (
                  <tr key={session.key}>
                    <th scope="row">{session.name}</th>
                    {PRESENCE_TYPES.map((type) => (
                      <td key={type}>{session[type]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
        <ChartFigure
          title={t('presence.recap.perType')}
          chart={
            <BarChart accessibilityLayer={false} data={totals} margin={MARGIN}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} width={36} />
              <Tooltip />
              <Bar dataKey="count" name={t('presence.recap.marks')} isAnimationActive={false}>
                {totals.map((item) => (
                  <Cell key={item.type} fill={TYPE_COLORS[item.type]} />
                ))}
              </Bar>
            </BarChart>
          }
          table={
            <CountTable
              rows={totals.map((item) => ({ key: item.type, label: item.name, count: item.count }))}
              labelHeader={t('presence.recap.type')}
              countHeader={t('presence.recap.marks')}
            />
          }
        />
      </ChartGrid>
    </section>
  );
}
