import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../lib/charts/Charts';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import { useH5pResultsQuery, useRoomQuery } from './crsApi';
import type { H5pResult } from './crsTypes';

/** A score in percent with at most one decimal, a dash when there is none. */
const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value * 10) / 10}%`);

/**
 * `/crs-result-h5p/{id}` (lecturers): the interactive (H5P) contents played in a live classroom,
 * each with its scored attempts and the highest, lowest and average score, as a chart and a table.
 */
export default function H5pResultPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const room = useRoomQuery(id);
  const results = useH5pResultsQuery(id);
  if (results.isLoading) return <Spinner label={t('crs.h5p.loading')} />;
  const rows = results.data ?? [];
  return (
    <section aria-labelledby="h5p-title">
      <header className="page-header">
        <div>
          {room.data && <p className="muted">{room.data.title}</p>}
          <h1 id="h5p-title">{t('routes.liveClassH5p')}</h1>
        </div>
      </header>
      {results.isError ? (
        <p role="alert" className="alert alert-warning">
          {notificationFor(results.error, t('crs.h5p.failed')).text}
        </p>
      ) : rows.length === 0 ? (
        <p className="muted empty-state">{t('crs.h5p.empty')}</p>
      ) : (
        <ChartFigure
          title={t('crs.h5p.chart')}
          chart={
            <BarChart
              accessibilityLayer={false}
              data={rows}
              margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" />
              <YAxis domain={[0, 100]} width={36} />
              <Tooltip />
              <Legend />
              <Bar dataKey="max" name={t('crs.h5p.max')} fill="var(--success)" isAnimationActive={false} />
              <Bar dataKey="avg" name={t('crs.h5p.avg')} fill="var(--primary)" isAnimationActive={false} />
              <Bar dataKey="min" name={t('crs.h5p.min')} fill="var(--warning)" isAnimationActive={false} />
            </BarChart>
          }
          table={<ResultTable rows={rows} />}
        />
      )}
    </section>
  );
}

function ResultTable({ rows }: { rows: H5pResult[] }) {
  const { t } = useTranslation();
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">{t('crs.h5p.content')}</th>
          <th scope="col">{t('crs.h5p.attempts')}</th>
          <th scope="col">{t('crs.h5p.max')}</th>
          <th scope="col">{t('crs.h5p.min')}</th>
          <th scope="col">{t('crs.h5p.avg')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">{row.name || row.content_id}</th>
            <td>{row.attempt}</td>
            <td>{percent(row.max)}</td>
            <td>{percent(row.min)}</td>
            <td>{percent(row.avg)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
