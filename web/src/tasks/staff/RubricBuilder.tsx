import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import { useCreateRubricTemplateMutation, useRubricTemplatesQuery } from '../api';
import type { Rubric, RubricCriterion, RubricLevel } from '../taskTypes';
import {
  evenWeights,
  newCriterion,
  problemOf,
  rubricOfTemplate,
  type TaskProblem,
  weightSum,
} from './taskForm';
import styles from './staff.module.css';

/**
 * The rubric of a task: criteria with their weight (percent, all summing to 100) and levels with
 * their points (0–100). Starts from the bundled peer-review template or one of the campus's, and
 * can be kept as a campus template. Each problem shows beside its field.
 */
export function RubricBuilder({
  rubric,
  onChange,
  problems,
}: {
  rubric: Rubric;
  onChange: (rubric: Rubric) => void;
  problems: readonly TaskProblem[];
}) {
  const { t } = useTranslation();
  const templates = useRubricTemplatesQuery();
  const [templateId, setTemplateId] = useState('');
  const chosen = templates.data?.find((template) => template.id === templateId);

  const setCriterion = (index: number, patch: Partial<RubricCriterion>) =>
    onChange({
      criteria: rubric.criteria.map((criterion, c) => (c === index ? { ...criterion, ...patch } : criterion)),
    });
  const setLevel = (c: number, l: number, patch: Partial<RubricLevel>) =>
    setCriterion(c, {
      levels: rubric.criteria[c].levels.map((level, index) => (index === l ? { ...level, ...patch } : level)),
    });
  const sum = weightSum(rubric);
  const problemText = (problem: TaskProblem | undefined) =>
    problem ? t(`task.staff.problems.${problem.problem}`, problem.values) : null;
  const rubricProblem = problemText(problemOf(problems, 'rubric'));

  return (
    <div className={styles.rubric}>
      <div className="form-row">
        <div className="field grow">
          <label htmlFor="rubric-template">{t('task.staff.rubric.template')}</label>
          <select
            id="rubric-template"
            value={templateId}
            onChange={(event) => setTemplateId(event.target.value)}
          >
            <option value="">{t('task.staff.rubric.chooseTemplate')}</option>
            {(templates.data ?? []).map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        <ConfirmButton
          disabled={!chosen}
          question={t('task.staff.rubric.useQuestion', { name: chosen?.name ?? '' })}
          details={t('task.staff.rubric.useDetails')}
          action={t('task.staff.rubric.use')}
          tone="primary"
          onConfirm={() => chosen && onChange(rubricOfTemplate(chosen))}
        >
          {t('task.staff.rubric.use')}
        </ConfirmButton>
      </div>

      <ol className={styles.criteria}>
        {rubric.criteria.map((criterion, c) => {
          const own = problemText(problemOf(problems, `rubric.${c}`));
          return (
            <li key={c} className={styles.criterion}>
              <fieldset>
                <legend>{t('task.staff.rubric.criterion', { n: c + 1 })}</legend>
                <div className="form-row">
                  <div className="field grow">
                    <label htmlFor={`criterion-${c}-name`}>{t('task.staff.rubric.name')}</label>
                    <input
                      id={`criterion-${c}-name`}
                      value={criterion.name}
                      aria-invalid={own ? true : undefined}
                      aria-describedby={own ? `criterion-${c}-problem` : undefined}
                      onChange={(event) => setCriterion(c, { name: event.target.value })}
                    />
                  </div>
                  <div className={`field ${styles.narrow}`}>
                    <label htmlFor={`criterion-${c}-weight`}>{t('task.staff.rubric.weight')}</label>
                    <input
                      id={`criterion-${c}-weight`}
                      type="number"
                      min={0}
                      max={100}
                      value={String(criterion.weight)}
                      onChange={(event) => setCriterion(c, { weight: Number(event.target.value) })}
                    />
                  </div>
                </div>
                {own && (
                  <span id={`criterion-${c}-problem`} className={styles.problem}>
                    {own}
                  </span>
                )}
                <div className="field">
                  <label htmlFor={`criterion-${c}-description`}>{t('task.staff.rubric.description')}</label>
                  <input
                    id={`criterion-${c}-description`}
                    value={criterion.description ?? ''}
                    onChange={(event) => setCriterion(c, { description: event.target.value })}
                  />
                </div>
                <table className={`data-table ${styles.levels}`}>
                  <caption className="sr-only">
                    {t('task.staff.rubric.levelsOf', { name: criterion.name })}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('task.staff.rubric.level')}</th>
                      <th scope="col">{t('task.staff.rubric.point')}</th>
                      <th scope="col">
                        <span className="sr-only">{t('task.staff.rubric.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {criterion.levels.map((level, l) => {
                      const levelProblem = problemText(problemOf(problems, `rubric.${c}.${l}`));
                      return (
                        <tr key={l}>
                          <td>
                            <input
                              aria-label={t('task.staff.rubric.levelName', { n: l + 1, criterion: c + 1 })}
                              value={level.name}
                              aria-invalid={levelProblem ? true : undefined}
                              onChange={(event) => setLevel(c, l, { name: event.target.value })}
                            />
                            {levelProblem && <span className={styles.problem}>{levelProblem}</span>}
                          </td>
                          <td>
                            <input
                              aria-label={t('task.staff.rubric.levelPoint', { n: l + 1, criterion: c + 1 })}
                              type="number"
                              min={0}
                              max={100}
                              className={styles.point}
                              value={String(level.point)}
                              onChange={(event) => setLevel(c, l, { point: Number(event.target.value) })}
                            />
                          </td>
                          <td>
                            <button
                              type="button"
                              className="button small"
                              disabled={criterion.levels.length <= 2}
                              aria-label={t('task.staff.rubric.removeLevel', { n: l + 1, criterion: c + 1 })}
                              onClick={() =>
                                setCriterion(c, {
                                  levels: criterion.levels.filter((_, index) => index !== l),
                                })
                              }
                            >
                              {t('task.staff.rubric.remove')}
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <p className="row-actions">
                  <button
                    type="button"
                    className="button small"
                    onClick={() => setCriterion(c, { levels: [...criterion.levels, { name: '', point: 0 }] })}
                  >
                    {t('task.staff.rubric.addLevel')}
                  </button>
                  <button
                    type="button"
                    className="button small button-danger"
                    disabled={rubric.criteria.length <= 1}
                    onClick={() => onChange({ criteria: rubric.criteria.filter((_, index) => index !== c) })}
                  >
                    {t('task.staff.rubric.removeCriterion', { n: c + 1 })}
                  </button>
                </p>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <p className="row-actions">
        <button
          type="button"
          className="button small"
          onClick={() => onChange({ criteria: [...rubric.criteria, newCriterion()] })}
        >
          {t('task.staff.rubric.addCriterion')}
        </button>
        <button
          type="button"
          className="button small"
          onClick={() => {
            const weights = evenWeights(rubric.criteria.length);
            onChange({
              criteria: rubric.criteria.map((criterion, c) => ({ ...criterion, weight: weights[c] })),
            });
          }}
        >
          {t('task.staff.rubric.spread')}
        </button>
        <span className={sum === 100 ? 'badge' : 'badge badge-warning'} aria-live="polite">
          {t('task.staff.rubric.weightSum', { sum })}
        </span>
      </p>
      {rubricProblem && <p className={styles.problem}>{rubricProblem}</p>}
      <SaveAsTemplate
        rubric={rubric}
        disabled={problems.some((problem) => problem.field.startsWith('rubric'))}
      />
    </div>
  );
}

/** Keeps the rubric as a template of the campus, for the next task. */
function SaveAsTemplate({ rubric, disabled }: { rubric: Rubric; disabled: boolean }) {
  const { t } = useTranslation();
  const [create, state] = useCreateRubricTemplateMutation();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="form-row">
      <div className="field grow">
        <label htmlFor="rubric-template-name">{t('task.staff.rubric.templateName')}</label>
        <input id="rubric-template-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <button
        type="button"
        className="button"
        disabled={disabled || !name.trim() || state.isLoading}
        onClick={() => {
          setFailure(null);
          create({ name: name.trim(), rubric })
            .unwrap()
            .then(() => setName(''))
            .catch((error: unknown) => setFailure(notificationFor(error).text));
        }}
      >
        {t('task.staff.rubric.saveTemplate')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
