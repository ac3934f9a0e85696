import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { cx } from '../lib/classNames';
import { useSyncWeightsMutation, type WeightsFailure } from './gradebookApi';
import type { GradebookColumn } from './gradebookTypes';
import { parseScore, scoreInput, sum, weightCalls } from './rules';
import { reasonOf } from './errors';
import { useColumnTitle } from './columnTitle';
import styles from './gradebook.module.css';

/**
 * The weight of each gradeable in the final score, with the running total: saved with the sync
 * rule of spec 01 §4 (a weight set to 0 is deleted, a changed one updated, a new one created). The
 * total may be saved below or above 100 while the lecturer works, but publishing needs 100.
 */
export function WeightsEditor({ courseId, columns }: { courseId: string; columns: GradebookColumn[] }) {
  const { t } = useTranslation();
  const titleOf = useColumnTitle();
  const titleId = useId();
  // what was typed per column key, until saved
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ key?: string; reason: string } | null>(null);
  const [sync, { isLoading }] = useSyncWeightsMutation();

  const textOf = (column: GradebookColumn) => typed[column.key] ?? scoreInput(column.percentage);
  const parsed = columns.map((column) => ({ column, parsed: parseScore(textOf(column)) }));
  const values: Record<string, number> = {};
  for (const { column, parsed: value } of parsed) if (value.ok) values[column.key] = value.value ?? 0;
  const invalid = parsed.filter((item) => !item.parsed.ok).length;
  const total = sum(Object.values(values));
  const calls = invalid ? [] : weightCalls(columns, values);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (invalid || calls.length === 0) return;
    setFailure(null);
    try {
      await sync({ courseId, calls }).unwrap();
      setTyped({});
    } catch (error) {
      setFailure({
        key: (error as WeightsFailure).key,
        reason: reasonOf(error, t('gradebook.weights.failed')),
      });
    }
  };

  const totalState = total === 100 ? 'exact' : total < 100 ? 'under' : 'over';

  return (
    <section className={cx('card card-body', styles.panel)} aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('gradebook.weights.title')}
      </h2>
      {columns.length === 0 ? (
        <p className="muted">{t('gradebook.weights.none')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <table className={cx('data-table', styles.editTable)}>
            <thead>
              <tr>
                <th scope="col">{t('gradebook.weights.gradeable')}</th>
                <th scope="col">{t('gradebook.weights.percentage')}</th>
              </tr>
            </thead>
            <tbody>
              {parsed.map(({ column, parsed: value }) => {
                const errorId = `${titleId}-${column.key}`;
                const serverError = failure?.key === column.key ? failure.reason : null;
                const error = !value.ok ? t(`gradebook.grid.invalid.${value.error}`) : serverError;
                return (
                  <tr key={column.key}>
                    <th scope="row">
                      <span className={styles.strong}>{titleOf(column)}</span>
                      <span className="muted small"> · {t(`gradebook.types.${column.gradeable_type}`)}</span>
                    </th>
                    <td>
                      <span className={styles.percentField}>
                        <input
                          type="text"
                          inputMode="decimal"
                          className={styles.percentInput}
                          aria-label={t('gradebook.weights.weightOf', { name: titleOf(column) })}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? errorId : undefined}
                          value={textOf(column)}
                          onChange={(event) =>
                            setTyped((now) => ({ ...now, [column.key]: event.target.value }))
                          }
                        />
                        <span aria-hidden="true">%</span>
                      </span>
                      {error && (
                        <span id={errorId} className={styles.fieldError}>
                          {error}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('gradebook.weights.total')}</th>
                <td
                  data-testid="weights-total"
                  className={cx(styles.total, totalState !== 'exact' && styles.off)}
                >
                  {total} %
                </td>
              </tr>
            </tfoot>
          </table>
          <p className={cx('small', totalState === 'exact' ? 'muted' : styles.warn)} aria-live="polite">
            {t(`gradebook.weights.${totalState}`, { left: sum([100, -total]), over: sum([total, -100]) })}
          </p>
          <WarningAlert>{failure && !failure.key ? failure.reason : null}</WarningAlert>
          <div className={styles.formActions}>
            <button
              type="submit"
              className="button button-primary"
              disabled={isLoading || invalid > 0 || !calls.length}
            >
              {isLoading ? t('gradebook.weights.saving') : t('gradebook.weights.save')}
            </button>
            {Object.keys(typed).length > 0 && (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setTyped({});
                  setFailure(null);
                }}
              >
                {t('gradebook.weights.reset')}
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
