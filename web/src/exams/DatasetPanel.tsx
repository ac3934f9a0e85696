import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import type { Dataset } from './examTypes';
import {
  useCreateDatasetMutation,
  useCreateVariableMutation,
  useDatasetItemsQuery,
  useGenerateItemsMutation,
  useUpdateVariableMutation,
} from './examsApi';
import { fillPlaceholders } from './questions';
import { useDebounced } from './useDebounced';
import styles from './exams.module.css';

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;

/**
 * The dataset of a parameterized question (spec 03): choose or create one, its variables with
 * their ranges and decimal places, generate items, and a live preview — the question text filled
 * from one generated item and each formula's result for it, computed by the exam service.
 */
export function DatasetPanel({
  courseId,
  datasets,
  value,
  onChange,
  text,
  formulas,
}: {
  courseId: string;
  datasets: Dataset[];
  value: string;
  onChange: (id: string) => void;
  text: string;
  formulas: string[];
}) {
  const { t } = useTranslation();
  const [createDataset, creating] = useCreateDatasetMutation();
  const [createVariable] = useCreateVariableMutation();
  const [updateVariable] = useUpdateVariableMutation();
  const [generate, generating] = useGenerateItemsMutation();
  const [name, setName] = useState('');
  const [count, setCount] = useState('10');
  const [failure, setFailure] = useState<string | null>(null);
  const dataset = datasets.find((item) => item.id === value) ?? null;
  // a string, not the array: a new array every render would never settle
  const settledFormulas = useDebounced(formulas.join('\n'));
  const items = useDatasetItemsQuery(
    { id: value, formulas: settledFormulas ? settledFormulas.split('\n') : [] },
    { skip: !dataset || dataset.item_count === 0 },
  );
  const item = items.data?.[0];
  const fail = (error: unknown) => setFailure(notificationFor(error).text);
  const nameProblem = name.trim() && !VARIABLE_NAME.test(name.trim());
  const countProblem = !/^\d+$/.test(count) || +count < 1 || +count > 1000;

  return (
    <fieldset className={styles.group}>
      <legend>{t('exam.dataset.title')}</legend>
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="dataset-choice">{t('exam.dataset.choose')}</label>
          <select id="dataset-choice" value={value} onChange={(event) => onChange(event.target.value)}>
            <option value="">{t('exam.dataset.none')}</option>
            {datasets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({t('exam.dataset.items', { count: option.item_count })})
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button small"
          disabled={creating.isLoading}
          onClick={() =>
            void createDataset({ course_id: Number(courseId) })
              .unwrap()
              .then((made) => onChange(made.id))
              .catch(fail)
          }
        >
          {t('exam.dataset.create')}
        </button>
      </div>

      {dataset && (
        <>
          <table className="data-table">
            <caption className="sr-only">{t('exam.dataset.variables', { name: dataset.name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('exam.dataset.variable')}</th>
                <th scope="col">{t('exam.dataset.min')}</th>
                <th scope="col">{t('exam.dataset.max')}</th>
                <th scope="col">{t('exam.dataset.decimals')}</th>
              </tr>
            </thead>
            <tbody>
              {(dataset.details ?? []).map((variable) => (
                <tr key={variable.id}>
                  <th scope="row">
                    <code>{`{${variable.name}}`}</code>
                  </th>
                  {(['min_value', 'max_value', 'decimal_place'] as const).map((field) => (
                    <td key={field}>
                      <input
                        aria-label={t(`exam.dataset.${field}Of`, { name: variable.name })}
                        inputMode="decimal"
                        defaultValue={String(variable[field])}
                        size={6}
                        onBlur={(event) => {
                          const next = event.target.value.trim();
                          if (next === String(variable[field]) || next === '' || Number.isNaN(Number(next)))
                            return;
                          void updateVariable({ id: variable.id, changes: { [field]: Number(next) } })
                            .unwrap()
                            .catch(fail);
                        }}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="form-row">
            <div className="field">
              <label htmlFor="variable-name">{t('exam.dataset.newVariable')}</label>
              <input
                id="variable-name"
                value={name}
                aria-invalid={Boolean(nameProblem) || undefined}
                aria-describedby="variable-name-help"
                onChange={(event) => setName(event.target.value)}
              />
              <span id="variable-name-help" className={nameProblem ? styles.problem : 'muted small'}>
                {t('exam.dataset.variableHelp')}
              </span>
            </div>
            <button
              type="button"
              className="button small"
              disabled={!name.trim() || Boolean(nameProblem)}
              onClick={() =>
                void createVariable({ data_set_id: Number(dataset.id), name: name.trim() })
                  .unwrap()
                  .then(() => setName(''))
                  .catch(fail)
              }
            >
              {t('exam.dataset.addVariable')}
            </button>
            <div className="field">
              <label htmlFor="dataset-count">{t('exam.dataset.count')}</label>
              <input
                id="dataset-count"
                inputMode="numeric"
                value={count}
                aria-invalid={countProblem || undefined}
                onChange={(event) => setCount(event.target.value)}
              />
            </div>
            <button
              type="button"
              className="button small"
              disabled={countProblem || generating.isLoading || (dataset.details ?? []).length === 0}
              onClick={() =>
                void generate({ id: dataset.id, count: Number(count) })
                  .unwrap()
                  .catch(fail)
              }
            >
              {t('exam.dataset.generate')}
            </button>
          </div>
          <div className={styles.preview} aria-live="polite">
            <p className="small">
              <strong>{t('exam.dataset.preview')}</strong>
            </p>
            {dataset.item_count === 0 ? (
              <p className="muted small">{t('exam.dataset.noItems')}</p>
            ) : items.isError ? (
              <p className={styles.problem}>{notificationFor(items.error).text}</p>
            ) : item ? (
              <>
                <p>{fillPlaceholders(text.replace(/<[^>]*>/g, ' '), item.values)}</p>
                <ul className="small">
                  {(item.formulas ?? []).map((result) => (
                    <li key={result.formula}>
                      <code>{result.formula}</code> ={' '}
                      {result.error ? (
                        <span className={styles.problem}>{result.error}</span>
                      ) : (
                        <strong>{result.result ?? '—'}</strong>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted small">{t('common.loading')}</p>
            )}
          </div>
        </>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </fieldset>
  );
}
