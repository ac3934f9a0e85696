import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../lib/classNames';
import { useSaveActivityScoresMutation } from './gradebookApi';
import type { Gradebook, GradebookColumn, GradebookRow } from './gradebookTypes';
import { parseScore, scoreInput, scoreText } from './rules';
import { reasonOf } from './errors';
import { useColumnTitle } from './columnTitle';
import styles from './GradeGrid.module.css';

/** Where a typed score stands: being saved, saved, or refused (with the reason). */
type CellState = { status: 'saving' } | { status: 'saved' } | { status: 'failed'; reason: string };

const STATUS_CLASS: Record<CellState['status'], string> = {
  saving: styles.saving,
  saved: styles.saved,
  failed: styles.failedText,
};

const cellKey = (row: GradebookRow, column: GradebookColumn) => `${column.key}/${row.student_id}`;

/**
 * The gradebook as a spreadsheet: a row per student (name and NIM stay on the left while the grid
 * scrolls sideways), a column per gradeable with its weight (the header stays on top while it
 * scrolls down), then the final score and the band. A custom activity's cells are typed in:
 * Enter saves and goes down a row (Shift+Enter up), Tab saves and goes on, Escape gives the stored
 * score back; each cell says whether its score is being saved, saved, or refused and why. The
 * attendance column is computed by the service (read-only), how is told under its title.
 */
export function GradeGrid({
  courseId,
  gradebook,
  updating,
}: {
  courseId: string;
  gradebook: Gradebook;
  updating: boolean;
}) {
  const { t } = useTranslation();
  const captionId = useId();
  const table = useRef<HTMLTableElement>(null);
  const [states, setStates] = useState<Record<string, CellState>>({});
  const [announced, setAnnounced] = useState('');
  const [save] = useSaveActivityScoresMutation();
  const { columns } = gradebook.meta;
  const titleOf = useColumnTitle();

  const setState = useCallback(
    (key: string, state: CellState | null) =>
      setStates((now) => {
        const next = { ...now };
        if (state) next[key] = state;
        else delete next[key];
        return next;
      }),
    [],
  );

  const commit = useCallback(
    async (row: GradebookRow, column: GradebookColumn, text: string): Promise<boolean> => {
      const key = cellKey(row, column);
      const parsed = parseScore(text);
      const where = t('gradebook.grid.cellOf', { student: row.name, column: column.title });
      if (!parsed.ok) {
        const reason = t(`gradebook.grid.invalid.${parsed.error}`);
        setState(key, { status: 'failed', reason });
        setAnnounced(`${where}: ${reason}`);
        return false;
      }
      if (parsed.value === (row.scores[column.key] ?? null)) {
        setState(key, null);
        return true;
      }
      setState(key, { status: 'saving' });
      try {
        await save({
          courseId,
          activityId: String(column.gradeable_id),
          scores: [{ student_id: row.student_id, score: parsed.value }],
        }).unwrap();
        setState(key, { status: 'saved' });
        setAnnounced(`${where}: ${t('gradebook.grid.saved')}`);
        return true;
      } catch (failure) {
        const reason = reasonOf(failure, t('gradebook.grid.saveFailed'));
        setState(key, { status: 'failed', reason });
        setAnnounced(`${where}: ${reason}`);
        return false;
      }
    },
    [courseId, save, setState, t],
  );

  /** Moves to the cell of the same column `step` rows away; false when there is none. */
  const move = (rowAt: number, columnAt: number, step: number): boolean => {
    const target = table.current?.querySelector<HTMLInputElement>(
      `input[data-row="${rowAt + step}"][data-column="${columnAt}"]`,
    );
    target?.focus();
    return Boolean(target);
  };

  return (
    // the frame of the grid below is the region the heading names
    <div className={styles.section}>
      <div className={styles.head}>
        <h2 id={captionId} className="section-title">
          {t('gradebook.grid.title')}
        </h2>
        <p className="muted small" aria-live="polite">
          {updating
            ? t('gradebook.grid.updating')
            : t('gradebook.grid.count', { count: gradebook.meta.total })}
        </p>
      </div>
      <p className="sr-only" role="status">
        {announced}
      </p>
      <div
        className={styles.scroller}
        role="region"
        aria-labelledby={captionId}
        // the grid scrolls within its frame: a keyboard reaches it to scroll too
        tabIndex={0}
      >
        <table ref={table} className={styles.grid} aria-labelledby={captionId}>
          <thead>
            <tr>
              <th scope="col" className={styles.student}>
                {t('gradebook.grid.student')}
              </th>
              {columns.map((column) => (
                <th scope="col" key={column.key} className={styles.score}>
                  <span className={styles.columnTitle}>{titleOf(column)}</span>
                  <span className={styles.columnMeta}>
                    {t(`gradebook.types.${column.gradeable_type}`)} · {column.percentage} %
                  </span>
                  {column.gradeable_type === 'presences' && (
                    <details className={styles.tip}>
                      <summary>{t('gradebook.attendance.tipLabel')}</summary>
                      <p>{t('gradebook.attendance.tip')}</p>
                    </details>
                  )}
                </th>
              ))}
              <th scope="col" className={styles.score}>
                <span className={styles.columnTitle}>{t('gradebook.grid.final')}</span>
                <span className={styles.columnMeta}>{gradebook.meta.weights_total} %</span>
              </th>
              <th scope="col" className={styles.band}>
                {t('gradebook.grid.band')}
              </th>
            </tr>
          </thead>
          <tbody>
            {gradebook.rows.map((row, rowAt) => (
              <tr key={row.id}>
                <th scope="row" className={styles.student}>
                  <span className={styles.name}>{row.name}</span>
                  <span className={styles.columnMeta}>
                    {row.nim ?? row.username}
                    {row.class_name ? ` · ${row.class_name}` : ''}
                  </span>
                </th>
                {columns.map((column, columnAt) =>
                  column.gradeable_type === 'courseactivities' ? (
                    <ScoreCell
                      key={column.key}
                      row={row}
                      column={column}
                      rowAt={rowAt}
                      columnAt={columnAt}
                      state={states[cellKey(row, column)]}
                      commit={commit}
                      move={move}
                      reset={() => setState(cellKey(row, column), null)}
                    />
                  ) : (
                    <td key={column.key} className={styles.number}>
                      {scoreText(row.scores[column.key])}
                    </td>
                  ),
                )}
                <td className={cx(styles.number, styles.final)} data-testid="final-score">
                  {scoreText(row.final_score)}
                </td>
                <td className={styles.band} data-testid="band">
                  {row.index ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {columns.some((column) => column.gradeable_type === 'courseactivities') && (
        <p className="muted small">{t('gradebook.grid.typingHelp')}</p>
      )}
    </div>
  );
}

/** A custom activity's score, typed in place. */
function ScoreCell({
  row,
  column,
  rowAt,
  columnAt,
  state,
  commit,
  move,
  reset,
}: {
  row: GradebookRow;
  column: GradebookColumn;
  rowAt: number;
  columnAt: number;
  state: CellState | undefined;
  commit: (row: GradebookRow, column: GradebookColumn, text: string) => Promise<boolean>;
  move: (rowAt: number, columnAt: number, step: number) => boolean;
  reset: () => void;
}) {
  const { t } = useTranslation();
  const statusId = useId();
  // what is typed and not yet saved; null shows the stored score
  const [typed, setTyped] = useState<string | null>(null);
  const stored = scoreInput(row.scores[column.key]);

  const finish = async () => {
    if (typed === null) return;
    if (await commit(row, column, typed)) setTyped(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      // leaving the cell saves it (blur); on the last row, Enter saves where it is
      if (!move(rowAt, columnAt, event.shiftKey ? -1 : 1)) void finish();
    } else if (event.key === 'Escape') {
      setTyped(null);
      reset();
    }
  };

  return (
    <td className={cx(styles.number, styles.editable, state?.status === 'failed' && styles.failed)}>
      <input
        className={styles.input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        data-row={rowAt}
        data-column={columnAt}
        aria-label={t('gradebook.grid.cellOf', { student: row.name, column: column.title })}
        aria-invalid={state?.status === 'failed' || undefined}
        aria-describedby={state ? statusId : undefined}
        value={typed ?? stored}
        onChange={(event) => setTyped(event.target.value)}
        onFocus={(event) => event.target.select()}
        onBlur={() => void finish()}
        onKeyDown={onKeyDown}
      />
      {state && (
        <span
          id={statusId}
          className={cx(styles.cellStatus, STATUS_CLASS[state.status])}
          data-testid="cell-status"
        >
          {state.status === 'failed' ? state.reason : t(`gradebook.grid.${state.status}`)}
        </span>
      )}
    </td>
  );
}
