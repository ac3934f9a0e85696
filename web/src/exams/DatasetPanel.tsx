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
  useRenameDatasetMutation,
  useUpdateVariableMutation,
} from './examsApi';
import { fillPlaceholders } from './questions';
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
  const items = useDatasetItemsQuery(value, { skip: !dataset });
  const item = items.data?.items[0];
  const computed = items.data?.formulas ?? [];
  // the service computes the formulas of saved questions; a changed one shows once saved
  const unsaved = formulas.filter((formula) => !computed.includes(formula.trim()));
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
                {option.name}
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
          <DatasetName key={`${dataset.id}:${dataset.name}`} dataset={dataset} onFailure={setFailure} />
          <div className={styles.tableWrap}>
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
                          className={styles.variableInput}
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
          </div>
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
            {items.isError ? (
              <p className={styles.problem}>{notificationFor(items.error).text}</p>
            ) : !items.data ? (
              <p className="muted small">{t('common.loading')}</p>
            ) : !item ? (
              <p className="muted small">{t('exam.dataset.noItems')}</p>
            ) : (
              <>
                <p className="muted small">{t('exam.dataset.items', { count: items.data.items.length })}</p>
                <p>{fillPlaceholders(text.replace(/<[^>]*>/g, ' '), item.values)}</p>
                <ul className="small">
                  {computed.map((formula, at) => {
                    const result = item.results[at];
                    return (
                      <li key={formula}>
                        <code>{formula}</code> ={' '}
                        {typeof result === 'number' ? (
                          <strong>{result}</strong>
                        ) : (
                          <span className={styles.problem}>{result?.error ?? '—'}</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
                {unsaved.length > 0 && <p className="muted small">{t('exam.dataset.saveToCompute')}</p>}
              </>
            )}
          </div>
        </>
      )}
      <WarningAlert>{failure}</WarningAlert>
    </fieldset>
  );
}

/** Renames a dataset (`PATCH /exam/datasets/{id}`): a name of 1 to 200 characters (as the service accepts). */
function DatasetName({ dataset, onFailure }: { dataset: Dataset; onFailure: (text: string | null) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(dataset.name);
  const [rename, renaming] = useRenameDatasetMutation();
  const trimmed = name.trim();
  const problem =
    trimmed === ''
      ? 'exam.staff.dataset.nameRequired'
      : trimmed.length > 200
        ? 'exam.staff.dataset.nameTooLong'
        : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (problem || trimmed === dataset.name) return;
    onFailure(null);
    rename({ id: dataset.id, name: trimmed })
      .unwrap()
      .catch((error: unknown) => onFailure(notificationFor(error).text));
  };
  // a form inside the question's form would nest: the name saves with its own button, not a submit
  return (
    <div className="form-row">
      <div className="field grow">
        <label htmlFor="dataset-name">{t('exam.staff.dataset.name')}</label>
        <input
          id="dataset-name"
          value={name}
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'dataset-name-problem' : undefined}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(event);
          }}
        />
        {problem && (
          <span id="dataset-name-problem" className={styles.problem}>
            {t(problem)}
          </span>
        )}
      </div>
      <button
        type="button"
        className="button small"
        disabled={Boolean(problem) || trimmed === dataset.name || renaming.isLoading}
        onClick={submit}
      >
        {t('exam.staff.dataset.rename')}
      </button>
    </div>
  );
}
