import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../layout/ConfirmDialog';
import { useUnsavedFlag } from '../courses/editor/unsaved';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { DatasetPanel } from './DatasetPanel';
import { QuestionTextField } from './QuestionTextField';
import {
  CHOICE_TYPES,
  type Exam,
  PARAMETERIZED_TYPES,
  type Question,
  SINGLE_ANSWER_TYPES,
} from './examTypes';
import {
  useCreateOptionMutation,
  useDatasetsQuery,
  useDeleteOptionMutation,
  useDeleteQuestionMutation,
  useQuestionTagsQuery,
  useUpdateOptionMutation,
  useUpdateQuestionMutation,
} from './examsApi';
import {
  changedOptions,
  changedQuestion,
  markOnlyCorrect,
  type OptionDraft,
  optionDraftOf,
  optionValues,
  type QuestionDraft,
  questionDraftOf,
} from './questionDraft';
import { isCorrect, questionProblems } from './questions';
import styles from './exams.module.css';

/**
 * One question in its type's editor: the text, weight, tags and solution, and what the type asks
 * of its options — points and the correct one(s) for choices, the exact answer with tolerance and
 * decimal places, a formula over a dataset (with a generated item previewed) for parameterized
 * questions; an essay has none. What the question still lacks is listed as it is written.
 */
export function QuestionEditor({
  exam,
  pack,
  question,
  number,
  onDeleted,
}: {
  exam: Exam;
  pack: number;
  question: Question;
  number: number;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const key = { examId: exam.id, pack };
  const [original, setOriginal] = useState(() => questionDraftOf(question));
  const [draft, setDraft] = useState<QuestionDraft>(original);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [updateQuestion] = useUpdateQuestionMutation();
  const [updateOption] = useUpdateOptionMutation();
  const [createOption, creatingOption] = useCreateOptionMutation();
  const [deleteOption] = useDeleteOptionMutation();
  const [deleteQuestion] = useDeleteQuestionMutation();
  const tags = useQuestionTagsQuery(String(exam.course_id));
  const parameterized = PARAMETERIZED_TYPES.includes(question.questions_type);
  const datasets = useDatasetsQuery(String(exam.course_id), { skip: !parameterized });
  const type = question.questions_type;

  const questionChanges = changedQuestion(original, draft);
  const optionChanges = changedOptions(original.options, draft.options);
  const dirty = Object.keys(questionChanges).length > 0 || optionChanges.length > 0;
  useUnsavedFlag(`question-${question.id}`, dirty);
  const dataset = datasets.data?.find((item) => item.id === draft.data_set_id) ?? null;
  const variables = dataset ? (dataset.details ?? []).map((detail) => detail.name) : null;
  const problems = questionProblems(
    {
      question: draft.question,
      questions_type: type,
      weight: Number(draft.weight),
      data_set_id: draft.data_set_id ? Number(draft.data_set_id) : null,
    },
    optionValues(draft.options),
    variables,
  );

  const set = (patch: Partial<QuestionDraft>) => setDraft((now) => ({ ...now, ...patch }));
  const setOption = (id: string, patch: Partial<OptionDraft>) =>
    setDraft((now) => ({
      ...now,
      options: now.options.map((option) => (option.id === id ? { ...option, ...patch } : option)),
    }));
  const fail = (error: unknown) => setFailure(notificationFor(error).text);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!dirty) return;
    setFailure(null);
    setSaving(true);
    try {
      if (Object.keys(questionChanges).length > 0) {
        await updateQuestion({ ...key, id: question.id, changes: questionChanges }).unwrap();
      }
      for (const { id, changes } of optionChanges) {
        await updateOption({ ...key, id, changes }).unwrap();
      }
      setOriginal(draft);
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const addOption = () => {
    setFailure(null);
    createOption({
      ...key,
      attributes: {
        question_id: Number(question.id),
        answer: t('exam.editor.optionName', { index: draft.options.length + 1 }),
        point: 0,
      },
    })
      .unwrap()
      .then((made) => {
        const added = optionDraftOf(made);
        setOriginal((now) => ({ ...now, options: [...now.options, added] }));
        setDraft((now) => ({ ...now, options: [...now.options, added] }));
      })
      .catch(fail);
  };

  const removeOption = (id: string) => {
    setFailure(null);
    deleteOption({ ...key, id })
      .unwrap()
      .then(() => {
        const without = (list: OptionDraft[]) => list.filter((option) => option.id !== id);
        setOriginal((now) => ({ ...now, options: without(now.options) }));
        setDraft((now) => ({ ...now, options: without(now.options) }));
      })
      .catch(fail);
  };

  const choice = CHOICE_TYPES.includes(type);
  const single = SINGLE_ANSWER_TYPES.includes(type);
  const numeric = type === 'exact' || parameterized;
  const id = (field: string) => `q${question.id}-${field}`;
  const title = t('exam.questions.number', { index: number });

  return (
    <form
      className="card card-body"
      onSubmit={(event) => void save(event)}
      aria-labelledby={id('title')}
      noValidate
    >
      <div className="list-row">
        <h2 id={id('title')} className="section-title">
          {title} · {t(`exam.questionTypes.${type}`)}
        </h2>
        <ConfirmButton
          className="button small"
          label={t('exam.editor.deleteNamed', { name: title })}
          question={t('exam.confirm.deleteQuestion', { name: title, pack: key.pack })}
          details={t('exam.confirm.deleteQuestionDetails')}
          action={t('exam.confirm.deleteQuestionAction')}
          onConfirm={() =>
            void deleteQuestion({ ...key, id: question.id })
              .unwrap()
              .then(onDeleted)
              .catch(fail)
          }
        >
          {t('editor.delete')}
        </ConfirmButton>
      </div>
      <p className="muted small">{t(`exam.questionTypeHelp.${type}`)}</p>

      <QuestionTextField
        // saved: the editor starts over from the text as the service stored it
        key={original.question}
        id={id('text')}
        courseId={String(exam.course_id)}
        label={t('exam.editor.text')}
        value={draft.question}
        onChange={(question) => set({ question })}
      />
      <div className="form-row">
        <div className="field">
          <label htmlFor={id('weight')}>{t('exam.editor.weight')}</label>
          <input
            id={id('weight')}
            inputMode="decimal"
            value={draft.weight}
            aria-invalid={problems.includes('weightRange') || undefined}
            onChange={(event) => set({ weight: event.target.value })}
          />
        </div>
        <div className="field grow">
          <label htmlFor={id('tags')}>{t('exam.editor.tags')}</label>
          <input
            id={id('tags')}
            list={id('tag-list')}
            value={draft.tags}
            aria-describedby={id('tags-help')}
            onChange={(event) => set({ tags: event.target.value })}
          />
          <datalist id={id('tag-list')}>
            {(tags.data ?? []).map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
          <span id={id('tags-help')} className="muted small">
            {t('exam.editor.tagsHelp')}
          </span>
        </div>
      </div>

      {parameterized && (
        <DatasetPanel
          courseId={String(exam.course_id)}
          datasets={datasets.data ?? []}
          value={draft.data_set_id}
          onChange={(data_set_id) => set({ data_set_id })}
          text={draft.question}
          formulas={draft.options.map((option) => option.formula).filter((formula) => formula.trim())}
        />
      )}

      {type === 'essay' ? (
        <p className="muted">{t('exam.editor.essayNote')}</p>
      ) : (
        <fieldset className={styles.group}>
          <legend>{numeric && !choice ? t('exam.editor.answers') : t('exam.editor.options')}</legend>
          <ol className={styles.options}>
            {draft.options.map((option, at) => {
              const name = option.answer.trim() || t('exam.editor.optionName', { index: at + 1 });
              return (
                <li key={option.id} className={styles.option}>
                  {choice ? (
                    <label className={styles.switch}>
                      <input
                        type={single ? 'radio' : 'checkbox'}
                        name={id('correct')}
                        checked={isCorrect({ point: Number(option.point) })}
                        onChange={(event) => {
                          if (single) set({ options: markOnlyCorrect(draft.options, option.id) });
                          else setOption(option.id, { point: event.target.checked ? '1' : '0' });
                        }}
                      />
                      <span className="sr-only">{t('exam.editor.correctNamed', { name })}</span>
                      <span aria-hidden="true">{String.fromCharCode(65 + (at % 26))}</span>
                    </label>
                  ) : (
                    <span aria-hidden="true">{at + 1}.</span>
                  )}
                  <div className={styles.optionFields}>
                    {(choice || type === 'parameterized_multiple_choices') && (
                      <div className={`field ${styles.grow}`}>
                        <label htmlFor={id(`answer-${option.id}`)}>{t('exam.editor.optionText')}</label>
                        <input
                          id={id(`answer-${option.id}`)}
                          value={option.answer}
                          onChange={(event) => setOption(option.id, { answer: event.target.value })}
                        />
                      </div>
                    )}
                    {choice && (
                      <div className="field">
                        <label htmlFor={id(`point-${option.id}`)}>{t('exam.editor.points')}</label>
                        <input
                          id={id(`point-${option.id}`)}
                          inputMode="decimal"
                          value={option.point}
                          onChange={(event) => setOption(option.id, { point: event.target.value })}
                        />
                      </div>
                    )}
                    {type === 'exact' && (
                      <div className={`field ${styles.grow}`}>
                        <label htmlFor={id(`exact-${option.id}`)}>{t('exam.editor.exactAnswer')}</label>
                        <input
                          id={id(`exact-${option.id}`)}
                          value={option.exact_answer}
                          aria-invalid={
                            (problems.includes('exactRequired') && !option.exact_answer.trim()) || undefined
                          }
                          onChange={(event) => setOption(option.id, { exact_answer: event.target.value })}
                        />
                      </div>
                    )}
                    {parameterized &&
                      (type === 'parameterized' || isCorrect({ point: Number(option.point) })) && (
                        <div className={`field ${styles.grow}`}>
                          <label htmlFor={id(`formula-${option.id}`)}>{t('exam.editor.formula')}</label>
                          <input
                            id={id(`formula-${option.id}`)}
                            value={option.formula}
                            spellCheck={false}
                            placeholder="v * t"
                            aria-invalid={
                              (problems.includes('formulaRequired') && !option.formula.trim()) || undefined
                            }
                            onChange={(event) => setOption(option.id, { formula: event.target.value })}
                          />
                        </div>
                      )}
                    {numeric && (
                      <>
                        <div className="field">
                          <label htmlFor={id(`tolerance-${option.id}`)}>{t('exam.editor.tolerance')}</label>
                          <input
                            id={id(`tolerance-${option.id}`)}
                            inputMode="decimal"
                            value={option.tolerance}
                            aria-invalid={problems.includes('toleranceRange') || undefined}
                            onChange={(event) => setOption(option.id, { tolerance: event.target.value })}
                          />
                        </div>
                        <div className="field">
                          <label htmlFor={id(`decimals-${option.id}`)}>{t('exam.editor.decimalPlace')}</label>
                          <input
                            id={id(`decimals-${option.id}`)}
                            inputMode="numeric"
                            value={option.decimal_place}
                            aria-invalid={problems.includes('decimalRange') || undefined}
                            onChange={(event) => setOption(option.id, { decimal_place: event.target.value })}
                          />
                        </div>
                      </>
                    )}
                    <ConfirmButton
                      className="button small"
                      label={t('exam.editor.deleteNamed', { name })}
                      question={t('exam.confirm.deleteOption', { name, question: title })}
                      details={t('exam.confirm.deleteOptionDetails')}
                      action={t('exam.confirm.deleteOptionAction')}
                      onConfirm={() => removeOption(option.id)}
                    >
                      {t('editor.delete')}
                    </ConfirmButton>
                  </div>
                </li>
              );
            })}
          </ol>
          <p>
            <button
              type="button"
              className="button small"
              disabled={creatingOption.isLoading}
              onClick={addOption}
            >
              {choice ? t('exam.editor.addOption') : t('exam.editor.addAnswer')}
            </button>
          </p>
        </fieldset>
      )}

      <div className="field wide">
        <label htmlFor={id('solution')}>{t('exam.editor.solution')}</label>
        <textarea
          id={id('solution')}
          rows={3}
          value={draft.solution}
          onChange={(event) => set({ solution: event.target.value })}
        />
      </div>

      {problems.length > 0 && (
        <div role="status">
          <p className="small">
            <strong>{t('exam.editor.stillNeeds')}</strong>
          </p>
          <ul className={`small ${styles.problem}`}>
            {problems.map((problem) => (
              <li key={problem}>{t(`exam.questionProblems.${problem}`)}</li>
            ))}
          </ul>
        </div>
      )}
      <WarningAlert>{failure}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={!dirty || saving}>
          {saving ? t('editor.saving') : t('exam.editor.save')}
        </button>
        {dirty && <span className="badge badge-warning">{t('editor.unsaved')}</span>}
      </p>
    </form>
  );
}
