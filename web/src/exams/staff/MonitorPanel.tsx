import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputOfWireDate } from '../../courses/manage/courseDetails';
import { fromLocalInput } from '../../courses/structure';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { Dialog } from '../Dialog';
import type { Exam } from '../examTypes';
import {
  useMonitorQuery,
  useOverrideAttemptMutation,
  useResetAttemptMutation,
  useSignalsQuery,
  useStopAttemptsMutation,
} from './staffApi';
import { scoreText } from './numbers';
import type { AttemptStatus, MonitorRow, MonitorView } from './staffTypes';
import styles from './staff.module.css';

/** How often the monitor asks again while the page is open (the projection is cheap to read). */
export const MONITOR_POLL_MS = 5000;

const FILTERS = ['all', 'started', 'finished', 'stopped'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The live monitor of an exam (issue 13): every attempt with its progress, status, proctoring
 * signals and score, pushed by the service as they change (its socket), read again every five
 * seconds from the service's projection while the socket is down; the staff
 * stop chosen attempts, reset one or give one student other times.
 */
export function MonitorPanel({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const [paused, setPaused] = useState(false);
  const [live, setLive] = useState(false);
  const monitor = useMonitorQuery(exam.id, {
    // the service pushes changes while its socket is up: polling is the fallback
    pollingInterval: paused || live ? 0 : MONITOR_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const pushed = monitor.data?.live === true;
  if (pushed !== live) setLive(pushed);
  // paused: the screen holds what it showed, whatever arrives meanwhile
  const [held, setHeld] = useState<MonitorView | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const [signalsOf, setSignalsOf] = useState<MonitorRow | null>(null);
  const [overrideOf, setOverrideOf] = useState<MonitorRow | null>(null);
  const [stop, stopping] = useStopAttemptsMutation();
  const [reset, resetting] = useResetAttemptMutation();

  if (monitor.isLoading) return <Spinner label={t('exam.staff.monitor.loading')} />;
  if (!monitor.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(monitor.error, t('exam.staff.monitor.loadFailed')).text}</p>
        <button type="button" className="button" onClick={() => void monitor.refetch()}>
          {t('common.tryAgain')}
        </button>
      </div>
    );
  }
  const { rows, counts } = held ?? monitor.data;
  const needle = search.trim().toLocaleLowerCase();
  const shown = rows.filter(
    (row) =>
      (filter === 'all' || row.status === filter) &&
      (!needle || row.name.toLocaleLowerCase().includes(needle)),
  );
  const running = rows.filter((row) => row.status === 'started');
  const stoppable = running.filter((row) => chosen.has(row.student_exam_id));
  const allChosen =
    shown.some((row) => row.status === 'started') &&
    shown.filter((row) => row.status === 'started').every((row) => chosen.has(row.student_exam_id));
  const signals = rows.reduce((sum, row) => sum + row.signals, 0);

  const choose = (ids: string[], on: boolean) =>
    setChosen((now) => {
      const next = new Set(now);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const fail = (error: unknown) => setFailure(notificationFor(error).text);

  return (
    <section aria-labelledby="monitor-title">
      <div className={styles.head}>
        <h2 id="monitor-title" className="section-title">
          {t('exam.staff.monitor.title')}
        </h2>
        <p className={styles.refresh} aria-live="off">
          <span className="muted small" data-live={live}>
            {t(live ? 'exam.staff.monitor.live' : 'exam.staff.monitor.polling')}
          </span>{' '}
          <span className="muted small">
            {monitor.fulfilledTimeStamp
              ? t('exam.staff.monitor.updated', { time: dateTime(new Date(monitor.fulfilledTimeStamp)) })
              : ''}
          </span>
          <button
            type="button"
            className="button small"
            aria-pressed={paused}
            onClick={() => {
              setHeld(paused ? null : (monitor.data ?? null));
              setPaused(!paused);
            }}
          >
            {t('exam.staff.monitor.pause')}
          </button>
          <button type="button" className="button small" onClick={() => void monitor.refetch()}>
            {t('exam.staff.monitor.refresh')}
          </button>
        </p>
      </div>

      <ul className={styles.counts} aria-label={t('exam.staff.monitor.summary')}>
        <li>
          <strong>{counts.not_started}</strong> {t('exam.staff.status.notStarted')}
        </li>
        <li>
          <strong>{counts.started}</strong> {t('exam.staff.status.started')}
        </li>
        <li>
          <strong>{counts.finished}</strong> {t('exam.staff.status.finished')}
        </li>
        <li>
          <strong>{counts.stopped}</strong> {t('exam.staff.status.stopped')}
        </li>
        <li>
          <strong>{signals}</strong> {t('exam.staff.monitor.signalsTotal')}
        </li>
      </ul>

      <div className="form-row">
        <div className="field">
          <label htmlFor="monitor-filter">{t('exam.staff.monitor.show')}</label>
          <select
            id="monitor-filter"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            {FILTERS.map((name) => (
              <option key={name} value={name}>
                {t(`exam.staff.monitor.filter.${name}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="monitor-search">{t('exam.staff.monitor.search')}</label>
          <input
            id="monitor-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <ConfirmButton
          className="button button-danger"
          disabled={stoppable.length === 0 || stopping.isLoading}
          question={t('exam.staff.monitor.stopQuestion', {
            count: stoppable.length,
            name: stoppable[0]?.name ?? '',
          })}
          details={t('exam.staff.monitor.stopDetails')}
          action={t('exam.staff.monitor.stopAction', { count: stoppable.length })}
          onConfirm={() => {
            setFailure(null);
            stop({
              examId: exam.id,
              ids: stoppable.map((row) => row.student_exam_id),
              names: stoppable.map((row) => row.name),
            })
              .unwrap()
              .then(() => setChosen(new Set()))
              .catch(fail);
          }}
        >
          {t('exam.staff.monitor.stopChosen', { count: stoppable.length })}
        </ConfirmButton>
      </div>
      <WarningAlert>{failure}</WarningAlert>

      {rows.length === 0 ? (
        <p className="empty-state">{t('exam.staff.monitor.none')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className="data-table">
            <caption className="sr-only">{t('exam.staff.monitor.caption', { count: shown.length })}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={t('exam.staff.monitor.chooseAll')}
                    checked={allChosen}
                    disabled={running.length === 0}
                    onChange={(event) =>
                      choose(
                        shown.filter((row) => row.status === 'started').map((row) => row.student_exam_id),
                        event.target.checked,
                      )
                    }
                  />
                </th>
                <th scope="col">{t('exam.staff.monitor.student')}</th>
                <th scope="col">{t('exam.staff.monitor.status')}</th>
                <th scope="col">{t('exam.staff.monitor.progress')}</th>
                <th scope="col">{t('exam.staff.monitor.lastSave')}</th>
                <th scope="col">{t('exam.staff.monitor.signals')}</th>
                <th scope="col">{t('exam.staff.monitor.score')}</th>
                <th scope="col">{t('exam.staff.monitor.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} data-testid={`attempt-${row.student_exam_id}`}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('exam.staff.monitor.choose', { name: row.name })}
                      checked={chosen.has(row.student_exam_id)}
                      disabled={row.status !== 'started'}
                      onChange={(event) => choose([row.student_exam_id], event.target.checked)}
                    />
                  </td>
                  <th scope="row">
                    {row.name}
                    {row.attempt > 1 && (
                      <span className="muted small">
                        {' '}
                        · {t('exam.staff.monitor.attempt', { n: row.attempt })}
                      </span>
                    )}
                  </th>
                  <td>
                    <StatusBadge status={row.status} />
                  </td>
                  <td>
                    <span className={styles.progress}>
                      <progress
                        max={Math.max(1, row.total)}
                        value={row.answered}
                        aria-label={t('exam.staff.monitor.answeredOf', {
                          answered: row.answered,
                          total: row.total,
                          name: row.name,
                        })}
                      />
                      <span className="small">
                        {row.answered}/{row.total}
                      </span>
                    </span>
                    {row.status === 'started' && row.current_index !== null && (
                      <span className="muted small">
                        {' '}
                        {t('exam.staff.monitor.atQuestion', { n: row.current_index })}
                      </span>
                    )}
                  </td>
                  <td className="small">{row.last_saved_at ? dateTime(row.last_saved_at) : '—'}</td>
                  <td>
                    {row.signals > 0 ? (
                      <button
                        type="button"
                        className="button small"
                        aria-label={t('exam.staff.monitor.signalsOf', { count: row.signals, name: row.name })}
                        onClick={() => setSignalsOf(row)}
                      >
                        {row.signals}
                      </button>
                    ) : (
                      <span className="muted">0</span>
                    )}
                  </td>
                  <td>{scoreText(row.score)}</td>
                  <td>
                    <span className={styles.actions}>
                      <button
                        type="button"
                        className="button small"
                        aria-label={t('exam.staff.monitor.overrideOf', { name: row.name })}
                        onClick={() => setOverrideOf(row)}
                      >
                        {t('exam.staff.monitor.override')}
                      </button>
                      <ConfirmButton
                        className="button small button-danger"
                        label={t('exam.staff.monitor.resetOf', { name: row.name })}
                        disabled={resetting.isLoading}
                        question={t('exam.staff.monitor.resetQuestion', { name: row.name })}
                        details={t('exam.staff.monitor.resetDetails')}
                        action={t('exam.staff.monitor.resetAction')}
                        onConfirm={() => {
                          setFailure(null);
                          reset({ examId: exam.id, id: row.student_exam_id, name: row.name })
                            .unwrap()
                            .catch(fail);
                        }}
                      >
                        {t('exam.staff.monitor.reset')}
                      </ConfirmButton>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {signalsOf && <SignalsDialog row={signalsOf} onClose={() => setSignalsOf(null)} />}
      {overrideOf && <OverrideDialog exam={exam} row={overrideOf} onClose={() => setOverrideOf(null)} />}
    </section>
  );
}

function StatusBadge({ status }: { status: AttemptStatus }) {
  const { t } = useTranslation();
  const tone =
    status === 'started' ? 'badge' : status === 'stopped' ? 'badge badge-warning' : 'badge badge-muted';
  return <span className={tone}>{t(`exam.staff.status.${status}`)}</span>;
}

function SignalsDialog({ row, onClose }: { row: MonitorRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const signals = useSignalsQuery(row.student_exam_id);
  return (
    <Dialog id="signals" title={t('exam.staff.signals.title', { name: row.name })} onClose={onClose}>
      <p className="muted small">{t('exam.staff.signals.help')}</p>
      {signals.isLoading ? (
        <Spinner label={t('common.loading')} />
      ) : signals.isError ? (
        <WarningAlert>{notificationFor(signals.error).text}</WarningAlert>
      ) : (
        <ol className="plain-list">
          {(signals.data ?? []).map((signal) => (
            <li key={signal.id} className="list-row">
              <span>{t(`exam.staff.signals.kind.${signal.kind}`)}</span>
              <span className="muted small">{dateTime(signal.at ?? signal.received_at)}</span>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function OverrideDialog({ exam, row, onClose }: { exam: Exam; row: MonitorRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(inputOfWireDate(row.start_at ?? exam.start_at));
  const [end, setEnd] = useState(inputOfWireDate(row.end_at ?? exam.end_at));
  const [failure, setFailure] = useState<string | null>(null);
  const [override, saving] = useOverrideAttemptMutation();
  const problem =
    !start || !end ? 'exam.staff.override.required' : end <= start ? 'exam.staff.override.order' : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setFailure(null);
    override({
      examId: exam.id,
      id: row.student_exam_id,
      name: row.name,
      override_start_at: fromLocalInput(start) ?? '',
      override_end_at: fromLocalInput(end) ?? '',
    })
      .unwrap()
      .then(onClose)
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <Dialog id="override" title={t('exam.staff.override.title', { name: row.name })} onClose={onClose}>
      <form onSubmit={submit}>
        <p className="muted small">{t('exam.staff.override.help')}</p>
        <div className="form-row">
          <div className="field">
            <label htmlFor="override-start">{t('exam.staff.override.start')}</label>
            <input
              id="override-start"
              type="datetime-local"
              value={start}
              onChange={(event) => setStart(event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="override-end">{t('exam.staff.override.end')}</label>
            <input
              id="override-end"
              type="datetime-local"
              value={end}
              aria-invalid={problem === 'exam.staff.override.order' || undefined}
              aria-describedby={problem ? 'override-problem' : undefined}
              onChange={(event) => setEnd(event.target.value)}
            />
          </div>
        </div>
        {problem && (
          <p id="override-problem" className={styles.problem}>
            {t(problem)}
          </p>
        )}
        <WarningAlert>{failure}</WarningAlert>
        <p className="row-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={Boolean(problem) || saving.isLoading}
          >
            {t('exam.staff.override.save')}
          </button>
        </p>
      </form>
    </Dialog>
  );
}
