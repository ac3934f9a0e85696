import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { FileDownloads } from '../layout/FileDownloads';
import { Spinner } from '../layout/Spinner';
import { notificationFor } from '../notifications/notification';
import {
  useAssessAnswerMutation,
  useFormAnswersQuery,
  useFormQuery,
  useLazyFormAnswerFileQuery,
} from './formsApi';
import { rubricPreview, type Form, type FormAnswer } from './formTypes';
import styles from './forms.module.css';

/** The staff's assessment of one entry: a level per criterion of the form's rubric, and feedback. */
function Assessment({ form, answer }: { form: Form; answer: FormAnswer }) {
  const { t } = useTranslation();
  const [assess, state] = useAssessAnswerMutation();
  const rubric = form.rubric;
  const [levels, setLevels] = useState<Array<number | null>>(
    (rubric?.criteria ?? []).map(
      (_, index) => answer.rubrics?.find((choice) => choice.criterion === index)?.level ?? null,
    ),
  );
  const [feedback, setFeedback] = useState(answer.feedback ?? '');
  const [error, setError] = useState<string | null>(null);
  const preview = rubric ? rubricPreview(rubric, levels) : null;
  const save = async () => {
    setError(null);
    try {
      await assess({
        formId: form.id,
        id: answer.id,
        rubrics: rubric ? levels.map((level, criterion) => ({ criterion, level: level ?? -1 })) : undefined,
        feedback: feedback.trim() || null,
      }).unwrap();
    } catch (failure) {
      setError(notificationFor(failure).text);
    }
  };
  const prefix = `assess-${answer.id}`;
  return (
    <fieldset className={styles.stack}>
      <legend>{t('forms.book.assess')}</legend>
      {(rubric?.criteria ?? []).map((criterion, index) => (
        <div key={criterion.name} className={styles.field}>
          <label htmlFor={`${prefix}-${index}`}>
            {t('forms.book.criterion', { name: criterion.name, weight: criterion.weight })}
          </label>
          <select
            id={`${prefix}-${index}`}
            value={levels[index] ?? ''}
            onChange={(event) =>
              setLevels((current) =>
                current.map((level, n) =>
                  n === index ? (event.target.value === '' ? null : Number(event.target.value)) : level,
                ),
              )
            }
          >
            <option value="">{t('forms.answer.choose')}</option>
            {criterion.levels.map((level, levelIndex) => (
              <option key={level.name} value={levelIndex}>
                {level.name} ({level.point})
              </option>
            ))}
          </select>
        </div>
      ))}
      {preview !== null ? <p className="muted">{t('forms.book.preview', { score: preview })}</p> : null}
      <div className={styles.field}>
        <label htmlFor={`${prefix}-feedback`}>{t('forms.book.feedback')}</label>
        <textarea
          id={`${prefix}-feedback`}
          rows={2}
          value={feedback}
          onChange={(event) => setFeedback(event.target.value)}
        />
      </div>
      {error ? (
        <p role="alert" className="form-error">
          {error}
        </p>
      ) : null}
      <div>
        <button
          type="button"
          className="button primary"
          disabled={state.isLoading}
          onClick={() => void save()}
        >
          {t('forms.book.saveAssessment')}
        </button>
      </div>
    </fieldset>
  );
}

/** An entry's files, each downloaded through the API (which checks the caller may read the entry). */
function EntryFiles({ answer }: { answer: FormAnswer }) {
  const { t } = useTranslation();
  const [fetchFile, state] = useLazyFormAnswerFileQuery();
  return (
    <FileDownloads
      files={answer.files}
      label={t('forms.answer.files')}
      fetchFile={(file) => fetchFile({ answerId: answer.id, key: file.key }).unwrap()}
      busy={state.isFetching}
      downloadLabel={(file) => t('forms.book.download', { name: file.name })}
      failedText={t('forms.book.downloadFailed')}
    />
  );
}

/** One entry: who and when, the answers by field, its files, then the score and feedback. */
function Entry({ form, answer }: { form: Form; answer: FormAnswer }) {
  const { t } = useTranslation();
  const labelOf = (key: string) => form.lists.find((field) => field.key === key)?.label ?? key;
  return (
    <li className={styles.entry}>
      <h3>
        {form.can_edit ? `${answer.student_name} · ` : ''}
        {answer.period}
      </h3>
      <dl className={styles.answers}>
        {answer.lists.map((item) => (
          <div key={item.key} style={{ display: 'contents' }}>
            <dt>{labelOf(item.key)}</dt>
            <dd>{String(item.value)}</dd>
          </div>
        ))}
      </dl>
      <EntryFiles answer={answer} />
      <p data-testid={`score-${answer.id}`}>
        {t('forms.book.score')}: {answer.score !== null ? answer.score : t('forms.book.notAssessed')}
        {answer.feedback ? ` · ${t('forms.book.feedback')}: ${answer.feedback}` : ''}
      </p>
      {form.can_edit ? <Assessment form={form} answer={answer} /> : null}
    </li>
  );
}

/**
 * `/gradebook/{id}`: the logbook's entries over days or months — a student's own with the
 * lecturer's assessment, or for the staff everyone's, assessed there on the form's rubric.
 */
export default function FormBookPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const form = useFormQuery(id);
  const answers = useFormAnswersQuery(id);
  if (form.isLoading || answers.isLoading) return <Spinner label={t('forms.book.loading')} />;
  if (!form.data || !answers.data)
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(form.error ?? answers.error, t('forms.book.failed')).text}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            void form.refetch();
            void answers.refetch();
          }}
        >
          {t('common.tryAgain')}
        </button>
      </div>
    );
  return (
    <section aria-labelledby="form-book-title">
      <header className="page-header">
        <div>
          <h1 id="form-book-title">{form.data.title}</h1>
          <p className="muted">{t('forms.book.intro', { title: form.data.title })}</p>
        </div>
      </header>
      {answers.data.length === 0 ? (
        <p className="muted empty-state">{t('forms.book.empty')}</p>
      ) : (
        <ul className={`plain-list ${styles.stack}`} aria-labelledby="form-book-title">
          {answers.data.map((answer) => (
            <Entry key={answer.id} form={form.data!} answer={answer} />
          ))}
        </ul>
      )}
    </section>
  );
}
