import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useCourseQuery } from '../../courses/coursesApi';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { useScoreAnswerMutation, useTaskStudentsQuery } from '../api';
import { ANSWER_STATES, type AnswerState, type Task } from '../taskTypes';
import { answersToScore, parseScore, searchRows } from './grading';
import { Grader } from './Grader';
import { TaskHeader } from './TaskHeader';
import styles from './staff.module.css';

const STATE_BADGE: Record<AnswerState, string> = {
  not_started: 'badge badge-muted',
  draft: 'badge badge-muted',
  sent: 'badge',
  late: 'badge badge-warning',
  scored: 'badge',
};

/**
 * `/assignment/{id}/submissions`: every student the task is for with their answer's state, filtered
 * by class and state and searched by name; one answer at a time in the grader (previous/next like
 * SpeedGrader), and a score for several sent answers at once. The chosen student stays in the
 * address (`?student=`), so a reload or a shared link opens the same answer.
 */
export default function SubmissionsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <TaskHeader id={id} title={t('task.staff.page.submissions')}>
      {(task) => <Submissions task={task} />}
    </TaskHeader>
  );
}

function Submissions({ task }: { task: Task }) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const [params, setParams] = useSearchParams();
  const classId = params.get('class') ?? '';
  const state = (params.get('state') ?? '') as AnswerState | '';
  const [search, setSearch] = useState('');
  const course = useCourseQuery(String(task.course_id));
  const students = useTaskStudentsQuery({ taskId: task.id, classId, state, limit: 0 });
  const rows = useMemo(() => searchRows(students.data?.items ?? [], search), [students.data, search]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const current = params.get('student');
  const position = rows.findIndex((row) => row.id === current);

  const setParam = useCallback(
    (name: string, value: string | null) =>
      setParams(
        (now) => {
          const next = new URLSearchParams(now);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: name === 'student' },
      ),
    [setParams],
  );
  const move = useCallback(
    (step: -1 | 1) => {
      const next = rows[position + step];
      if (next) setParam('student', next.id);
    },
    [rows, position, setParam],
  );

  // Where the grader was: when its student leaves the list (scored under the filter "Sent", say)
  // it goes on to the student now in that place, as SpeedGrader does, and closes when none is left.
  const shown = useRef<{ id: string; position: number } | null>(null);
  useEffect(() => {
    if (current !== null && position >= 0) {
      shown.current = { id: current, position };
      return;
    }
    if (current === null || students.isFetching || shown.current?.id !== current) return;
    const next = rows[Math.min(shown.current.position, rows.length - 1)];
    shown.current = null;
    setParam('student', next ? next.id : null);
  }, [current, position, rows, students.isFetching, setParam]);

  const toggleAll = (checked: boolean) => setChosen(checked ? new Set(rows.map((row) => row.id)) : new Set());

  return (
    <>
      <form className={styles.filters} role="search" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="filter-class">{t('task.staff.submissions.class')}</label>
          <select
            id="filter-class"
            value={classId}
            onChange={(event) => setParam('class', event.target.value)}
          >
            <option value="">{t('task.staff.submissions.allClasses')}</option>
            {(course.data?.class ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-state">{t('task.staff.submissions.state')}</label>
          <select id="filter-state" value={state} onChange={(event) => setParam('state', event.target.value)}>
            <option value="">{t('task.staff.submissions.allStates')}</option>
            {ANSWER_STATES.map((value) => (
              <option key={value} value={value}>
                {t(`task.staff.states.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field grow">
          <label htmlFor="filter-search">{t('task.staff.submissions.search')}</label>
          <input
            id="filter-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </form>

      {position >= 0 && (
        <Grader
          key={rows[position].id}
          task={task}
          row={rows[position]}
          position={position}
          count={rows.length}
          onMove={move}
          onClose={() => setParam('student', null)}
        />
      )}

      {students.isLoading ? (
        <Spinner label={t('task.staff.submissions.loading')} />
      ) : students.error ? (
        <div className="page-message" role="alert">
          <p>{notificationFor(students.error, t('task.staff.submissions.failed')).text}</p>
          <button type="button" className="button" onClick={() => void students.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="empty-state">{t('task.staff.submissions.none')}</p>
      ) : (
        <>
          {task.assesment_method === 'score' && (
            <BulkScore task={task} rows={rows} chosen={chosen} onDone={() => setChosen(new Set())} />
          )}
          <div className={styles.tableWrap}>
            <table className="data-table">
              <caption className="sr-only">
                {t('task.staff.submissions.caption', { count: rows.length })}
              </caption>
              <thead>
                <tr>
                  {task.assesment_method === 'score' && (
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={t('task.staff.submissions.chooseAll')}
                        checked={chosen.size > 0 && chosen.size === rows.length}
                        onChange={(event) => toggleAll(event.target.checked)}
                      />
                    </th>
                  )}
                  <th scope="col">{t('task.staff.submissions.student')}</th>
                  <th scope="col">{t('task.staff.submissions.class')}</th>
                  {task.tasks_type === 'GROUP' && <th scope="col">{t('task.staff.submissions.group')}</th>}
                  <th scope="col">{t('task.staff.submissions.state')}</th>
                  <th scope="col">{t('task.staff.submissions.sentAt')}</th>
                  <th scope="col">{t('task.staff.submissions.score')}</th>
                  <th scope="col" className={styles.stickyAction}>
                    <span className="sr-only">{t('task.staff.rubric.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const rowState = row.state;
                  return (
                    <tr key={row.id} aria-current={row.id === current ? 'true' : undefined}>
                      {task.assesment_method === 'score' && (
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t('task.staff.submissions.choose', { name: row.student.name })}
                            checked={chosen.has(row.id)}
                            onChange={(event) =>
                              setChosen((now) => {
                                const next = new Set(now);
                                if (event.target.checked) next.add(row.id);
                                else next.delete(row.id);
                                return next;
                              })
                            }
                          />
                        </td>
                      )}
                      <th scope="row">
                        {row.student.name}
                        <span className="muted small"> {row.student.username}</span>
                      </th>
                      <td>{row.student.class ?? '–'}</td>
                      {task.tasks_type === 'GROUP' && <td>{row.group?.name ?? '–'}</td>}
                      <td>
                        <span className={STATE_BADGE[rowState]}>{t(`task.staff.states.${rowState}`)}</span>
                      </td>
                      <td>{row.answer?.sent_at ? dateTime(row.answer.sent_at) : '–'}</td>
                      <td>{row.answer?.score ?? '–'}</td>
                      <td className={styles.stickyAction}>
                        <button
                          type="button"
                          className="button small"
                          onClick={() => setParam('student', row.id)}
                        >
                          {/* the name read out with the visible word, which must stay part of it */}
                          {row.answer
                            ? t('task.staff.submissions.open')
                            : t('task.staff.submissions.view')}{' '}
                          <span className="sr-only">{row.student.name}</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

/** One score for every sent answer chosen ("" is 0), saved one after another; failures are named. */
function BulkScore({
  task,
  rows,
  chosen,
  onDone,
}: {
  task: Task;
  rows: Parameters<typeof answersToScore>[0];
  chosen: ReadonlySet<string>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [save] = useScoreAnswerMutation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const answers = answersToScore(rows, chosen);
  const score = parseScore(typed);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (score === null || answers.length === 0) return;
    setBusy(true);
    setFailure(null);
    const failed: string[] = [];
    for (const answer of answers) {
      try {
        await save({
          taskId: task.id,
          answer_id: answer.id,
          name: answer.name,
          score,
        }).unwrap();
      } catch {
        failed.push(answer.name);
      }
    }
    setBusy(false);
    if (failed.length > 0) setFailure(t('task.staff.submissions.bulkFailed', { names: failed.join(', ') }));
    else {
      setTyped('');
      onDone();
    }
  };

  return (
    <form
      className={styles.bulk}
      onSubmit={(event) => void apply(event)}
      aria-label={t('task.staff.submissions.bulkTitle')}
    >
      <div className="field">
        <label htmlFor="bulk-score">{t('task.staff.submissions.bulkScore', { count: answers.length })}</label>
        <input
          id="bulk-score"
          inputMode="decimal"
          value={typed}
          aria-invalid={score === null ? true : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy || score === null || answers.length === 0}>
        {t('task.staff.submissions.bulkApply', { count: answers.length })}
      </button>
      {score === null && <span className={styles.problem}>{t('task.staff.problems.scoreRange')}</span>}
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
