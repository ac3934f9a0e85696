import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../layout/Spinner';
import { WarningAlert } from '../layout/WarningAlert';
import { cx } from '../lib/classNames';
import { useIndexBandsQuery, useReplaceBandsMutation } from './gradebookApi';
import type { Band } from './gradebookTypes';
import { bandProblems, parseScore, scoreInput, STANDARD_BANDS } from './rules';
import { errorsOf, reasonOf } from './errors';
import styles from './gradebook.module.css';

/** A band as typed: its numbers as text until saved. */
interface TypedBand {
  index: string;
  min: string;
  max: string;
}

const typedOf = (band: Band): TypedBand => ({
  index: band.index,
  min: scoreInput(band.min),
  max: scoreInput(band.max),
});

/**
 * The index bands (a letter for a range of final scores): edited as a list and saved at once with
 * `PUT /course/index`, so the service checks them as a whole and a change never passes through a
 * state with an overlap or a gap. The same rule is checked here first, each problem on its row; a
 * refusal of the service is shown on the row it names.
 */
export function BandsEditor({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const stored = useIndexBandsQuery(courseId);
  const [replace, { isLoading }] = useReplaceBandsMutation();
  // the edited list; null shows the stored bands
  const [typed, setTyped] = useState<TypedBand[] | null>(null);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ rows: Map<number, string>; general: string | null }>({
    rows: new Map(),
    general: null,
  });

  if (stored.isLoading) return <Spinner label={t('gradebook.bands.loading')} />;

  const rows: TypedBand[] = typed ?? [...(stored.data ?? [])].sort((a, b) => b.min - a.min).map(typedOf);
  const numbers = rows.map((row) => ({
    index: row.index,
    min: parseScore(row.min),
    max: parseScore(row.max),
  }));
  const bands: Band[] = numbers.map((row) => ({
    index: row.index.trim(),
    min: row.min.ok ? (row.min.value ?? 0) : Number.NaN,
    max: row.max.ok ? (row.max.value ?? 0) : Number.NaN,
  }));
  const problems = bandProblems(bands);
  const edit = (next: TypedBand[] | null) => {
    setTyped(next);
    setServerErrors({ rows: new Map(), general: null });
  };
  const change = (at: number, field: keyof TypedBand, value: string) =>
    edit(rows.map((row, place) => (place === at ? { ...row, [field]: value } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.size > 0) return;
    try {
      await replace({ courseId, bands }).unwrap();
      setTyped(null);
      setTried(false);
    } catch (failure) {
      const byRow = new Map<number, string>();
      let general: string | null = null;
      for (const error of errorsOf(failure)) {
        const at = /^\/data\/(\d+)/.exec(error.source?.pointer ?? '');
        if (at && Number(at[1]) < rows.length) byRow.set(Number(at[1]), error.detail ?? error.title ?? '');
        else general ??= error.detail ?? error.title ?? null;
      }
      if (byRow.size === 0 && !general) general = reasonOf(failure, t('gradebook.bands.failed'));
      setServerErrors({ rows: byRow, general });
    }
  };

  return (
    <section className={cx('card card-body', styles.panel)} aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('gradebook.bands.title')}
      </h2>
      <p className="muted small">{t('gradebook.bands.help')}</p>
      {stored.isError && (
        <WarningAlert>{reasonOf(stored.error, t('gradebook.bands.loadFailed'))}</WarningAlert>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {rows.length === 0 ? (
          <div className="empty-state">
            <p>{t('gradebook.bands.none')}</p>
            <p className="empty-actions">
              <button type="button" className="button" onClick={() => edit(STANDARD_BANDS.map(typedOf))}>
                {t('gradebook.bands.standard')}
              </button>
            </p>
          </div>
        ) : (
          <ol className={styles.bandList}>
            {rows.map((row, at) => {
              const problem = tried || typed ? problems.get(at) : undefined;
              const error =
                serverErrors.rows.get(at) ?? (problem ? t(`gradebook.bands.problems.${problem}`) : null);
              const errorId = `${titleId}-band-${at}`;
              const label = row.index.trim() || t('gradebook.bands.row', { number: at + 1 });
              const fieldProps = {
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
              };
              return (
                <li
                  key={at}
                  className={cx(styles.bandRow, error && styles.bandRowFailed)}
                  data-testid="band-row"
                >
                  <label className={styles.bandField}>
                    <span>{t('gradebook.bands.index')}</span>
                    <input
                      type="text"
                      maxLength={5}
                      value={row.index}
                      onChange={(event) => change(at, 'index', event.target.value)}
                      {...fieldProps}
                    />
                  </label>
                  <label className={styles.bandField}>
                    <span>{t('gradebook.bands.min')}</span>
                    <input
                      type="text"
                      inputMode="decimal"
                      value={row.min}
                      onChange={(event) => change(at, 'min', event.target.value)}
                      {...fieldProps}
                    />
                  </label>
                  <label className={styles.bandField}>
                    <span>{t('gradebook.bands.max')}</span>
                    <input
                      type="text"
                      inputMode="decimal"
                      value={row.max}
                      onChange={(event) => change(at, 'max', event.target.value)}
                      {...fieldProps}
                    />
                  </label>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t('gradebook.bands.remove', { name: label })}
                    onClick={() => edit(rows.filter((_, place) => place !== at))}
                  >
                    {t('gradebook.bands.removeShort')}
                  </button>
                  {error && (
                    <span id={errorId} className={styles.fieldError}>
                      {error}
                    </span>
                  )}
                </li>
              );
            })}
          </ol>
        )}
        <WarningAlert>{serverErrors.general}</WarningAlert>
        <div className={styles.formActions}>
          <button
            type="button"
            className="button"
            onClick={() => edit([...rows, { index: '', min: '', max: '' }])}
          >
            {t('gradebook.bands.add')}
          </button>
          <button type="submit" className="button button-primary" disabled={isLoading || typed === null}>
            {isLoading ? t('gradebook.bands.saving') : t('gradebook.bands.save')}
          </button>
          {typed !== null && (
            <button type="button" className="button" onClick={() => edit(null)}>
              {t('gradebook.bands.reset')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
