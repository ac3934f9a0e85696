import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useMeQuery } from '../auth/authApi';
import { Spinner } from '../layout/Spinner';
import { ChartFigure } from '../lib/charts/Charts';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import {
  type LeaderboardRow,
  type VlabResult,
  useLeaderboardQuery,
  useVlabQuery,
  useVlabResultsQuery,
} from './vlabsApi';
import styles from './VlabResultPage.module.css';

/**
 * A lab's result page (`/vlabs/result/:id`, every role): the leaderboard — best score per student,
 * ties by who reached it first, others anonymised for a student unless the lab shows names — and
 * the student's own attempts as a chart and a table.
 */
export default function VlabResultPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const lab = useVlabQuery(id);
  const me = useMeQuery();
  const board = useLeaderboardQuery(id, { skip: !lab.data });
  const results = useVlabResultsQuery(id, { skip: !lab.data });
  if (lab.isLoading) return <Spinner label={t('vlabs.loading')} />;
  if (lab.error || !lab.data)
    return (
      <div className="page-message" role="alert">
        <h1>{t('vlabs.notFoundTitle')}</h1>
        <p className="muted">{notificationFor(lab.error, t('vlabs.failed')).text}</p>
      </div>
    );
  const student = me.data?.role === 'student';
  const maxScore = lab.data.settings.max_score ?? 100;
  return (
    <section aria-labelledby="vlab-title" className={styles.page}>
      <header className="page-header">
        <div>
          <p className="muted">{t('vlabs.resultOf')}</p>
          <h1 id="vlab-title">{lab.data.name}</h1>
        </div>
        <a
          className="button button-primary"
          href={lab.data.launch_url}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('vlabs.open')}
        </a>
      </header>
      <div className={styles.grid}>
        <section className="card card-body" aria-labelledby="leaderboard-title">
          <h2 id="leaderboard-title" className="section-title">
            {t('vlabs.leaderboard')}
          </h2>
          {board.isLoading ? (
            <Spinner label={t('vlabs.loadingBoard')} />
          ) : board.error ? (
            <p role="alert">{notificationFor(board.error, t('vlabs.failed')).text}</p>
          ) : (board.data ?? []).length === 0 ? (
            <p className="empty-state">{t('vlabs.noResults')}</p>
          ) : (
            <Leaderboard rows={board.data ?? []} />
          )}
        </section>
        {student && (
          <section className="card card-body" aria-labelledby="attempts-title">
            <h2 id="attempts-title" className="section-title">
              {t('vlabs.myAttempts')}
            </h2>
            {results.isLoading ? (
              <Spinner label={t('vlabs.loadingResults')} />
            ) : (results.data ?? []).length === 0 ? (
              <p className="empty-state">{t('vlabs.noAttempts')}</p>
            ) : (
              <Attempts results={results.data ?? []} maxScore={maxScore} />
            )}
          </section>
        )}
      </div>
    </section>
  );
}

function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too.
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-labelledby="leaderboard-title">
      <table className="data-table" data-testid="leaderboard">
        <thead>
          <tr>
            <th scope="col">{t('vlabs.rank')}</th>
            <th scope="col">{t('vlabs.student')}</th>
            <th scope="col">{t('vlabs.score')}</th>
            <th scope="col">{t('vlabs.attempts')}</th>
            <th scope="col">{t('vlabs.reached')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              className={row.is_me ? styles.me : undefined}
              aria-current={row.is_me ? 'true' : undefined}
            >
              <td>{row.rank}</td>
              <th scope="row">
                {row.name ?? t('vlabs.anonymous', { rank: row.rank })}
                {row.is_me && <span className="badge">{t('vlabs.you')}</span>}
              </th>
              <td>{row.score}</td>
              <td>{row.attempts}</td>
              <td>{dates.dateTime(row.achieved_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The student's attempts in order: a line of their scores, and the same in a table. */
function Attempts({ results, maxScore }: { results: VlabResult[]; maxScore: number }) {
  const { t } = useTranslation();
  const dates = useDates();
  const points = results.map((result, index) => ({ attempt: index + 1, score: result.score }));
  return (
    <ChartFigure
      title={t('vlabs.chartTitle')}
      chart={
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="attempt" allowDecimals={false} />
          <YAxis domain={[0, maxScore]} />
          <Tooltip />
          <Line
            type="monotone"
            dataKey="score"
            stroke="var(--primary)"
            strokeWidth={2}
            dot
            isAnimationActive={false}
          />
        </LineChart>
      }
      table={
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('vlabs.attempt')}</th>
              <th scope="col">{t('vlabs.score')}</th>
              <th scope="col">{t('vlabs.finished')}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result, index) => (
              <tr key={result.id}>
                <th scope="row">{index + 1}</th>
                <td>{result.score}</td>
                <td>{dates.dateTime(result.finished_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
