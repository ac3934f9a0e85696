import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../lib/richtext/RichText';
import { RichTextEditor } from '../../lib/richtext/RichTextEditor';
import { chosen, inputKind, letterOf, plainText, toggleChoice } from './answers';
import type { AnswerValue, QuestionSaveState } from './outbox';
import type { StudentQuestion } from './takeTypes';
import styles from './take.module.css';

/**
 * One question of the attempt: its text (rich text, formulas and images as the preview shows
 * them), the input of its type (options to choose, a value to type, an essay in the shared
 * editor), the flag for review and where its save stands.
 */
export function QuestionCard({
  question,
  position,
  total,
  value,
  saveState,
  disabled,
  headingRef,
  onAnswer,
  onFlag,
  children,
}: {
  question: StudentQuestion;
  position: number;
  total: number;
  value: { answer: AnswerValue; flagged: boolean };
  saveState: QuestionSaveState | null;
  disabled: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** `typed`: a keystroke (sent once typing pauses) rather than a click. */
  onAnswer: (answer: AnswerValue, typed: boolean) => void;
  onFlag: (flagged: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const type = question.question.questions_type;
  const kind = inputKind(type);
  const id = `q-${question.id}`;
  const text = question.question.question;

  return (
    <article className={`card card-body ${styles.question}`} aria-labelledby={`${id}-title`}>
      <div className={styles.questionHead}>
        <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
          {t('exam.take.questionOf', { index: position + 1, total })}
        </h2>
        <span className="muted small">{t(`exam.take.types.${type}`, { defaultValue: '' })}</span>
      </div>
      {plainText(text) || /<img|data-latex/i.test(text ?? '') ? (
        <RichText html={text ?? ''} />
      ) : (
        <p className="muted">{t('exam.questions.noText')}</p>
      )}

      {(kind === 'single' || kind === 'multiple') && (
        <fieldset className={styles.options} disabled={disabled}>
          <legend className="sr-only">
            {kind === 'single' ? t('exam.take.chooseOne') : t('exam.take.chooseAll')}
          </legend>
          {kind === 'multiple' && <p className="muted small">{t('exam.take.chooseAll')}</p>}
          {question.question.answers.map((option, at) => {
            const checked = chosen(value.answer).includes(option.index);
            return (
              <label key={option.id} className={styles.option}>
                <input
                  type={kind === 'single' ? 'radio' : 'checkbox'}
                  name={id}
                  checked={checked}
                  onChange={(event) =>
                    onAnswer(toggleChoice(type, value.answer, option.index, event.target.checked), false)
                  }
                />
                <span>
                  <span className={styles.letter}>{letterOf(at)}.</span> {plainText(option.answer)}
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      {kind === 'value' && (
        <div className="field">
          <label htmlFor={`${id}-value`}>{t('exam.take.yourAnswer')}</label>
          <input
            id={`${id}-value`}
            inputMode="decimal"
            autoComplete="off"
            disabled={disabled}
            value={value.answer && 'value' in value.answer ? value.answer.value : ''}
            onChange={(event) => onAnswer({ value: event.target.value }, true)}
          />
          <p className="muted small">{t('exam.take.valueHelp')}</p>
        </div>
      )}
      {kind === 'essay' && (
        <RichTextEditor
          id={`${id}-essay`}
          label={t('exam.take.yourAnswer')}
          value={value.answer && 'text' in value.answer ? value.answer.text : ''}
          onChange={(html) => onAnswer({ text: html }, true)}
        />
      )}

      <div className={styles.questionFoot}>
        <button
          type="button"
          className="button small"
          aria-pressed={value.flagged}
          disabled={disabled}
          onClick={() => onFlag(!value.flagged)}
        >
          <span aria-hidden="true">⚑ </span>
          {t('exam.take.flag')}
        </button>
        <SaveBadge state={saveState} />
      </div>
      {children}
    </article>
  );
}

function SaveBadge({ state }: { state: QuestionSaveState | null }) {
  const { t } = useTranslation();
  if (!state) return <span className="muted small">{t('exam.take.save.notAnswered')}</span>;
  const badge = { saved: '', saving: 'badge-muted', offline: 'badge-warning', failed: 'badge-warning' }[
    state
  ];
  return (
    <span className={`badge ${badge}`} data-testid="save-state" data-state={state}>
      {t(`exam.take.save.${state}`)}
    </span>
  );
}
