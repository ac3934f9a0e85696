import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../auth/guard';
import { Spinner } from '../layout/Spinner';
import { RichText } from '../lib/richtext/RichText';
import { notificationFor } from '../notifications/notification';
import { type Question, SINGLE_ANSWER_TYPES, CHOICE_TYPES } from './examTypes';
import { useExamQuery, useQuestionPreviewQuery, useQuestionsQuery } from './examsApi';
import styles from './exams.module.css';

/**
 * `/exam/{id}/preview/{pack}`: a package as a student sees it — the intro, then each question
 * with its options (a calculated question filled from its dataset's first item, its formulas
 * computed by the service), without points,
 * correct answers or formulas. Answers given here are not sent anywhere.
 */
export default function ExamPreviewPage() {
  const { t } = useTranslation();
  const { id = '', pack: packParam = '1' } = useParams();
  const pack = Math.max(1, Number(packParam) || 1);
  const exam = useExamQuery(id);
  const questions = useQuestionsQuery({ examId: id, pack });

  if (exam.isLoading || questions.isLoading) return <Spinner label={t('exam.loading')} />;
  const status = (exam.error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (exam.isError || !exam.data || questions.isError) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(exam.error ?? questions.error, t('exam.loadFailed')).text}</p>
      </div>
    );
  }
  const data = exam.data;
  const list = questions.data ?? [];
  const packages = Math.max(1, data.package || 1);

  return (
    <section aria-labelledby="preview-title">
      <header className="page-header">
        <div>
          <p className="muted small">{t('exam.preview.note')}</p>
          <h1 id="preview-title">
            {data.name} · {t('exam.packages.name', { pack })}
          </h1>
        </div>
        <p className={styles.toolbar}>
          {packages > 1 && (
            <nav aria-label={t('exam.packages.title')} className={styles.toolbar}>
              {Array.from({ length: packages }, (_, at) => at + 1).map((number) => (
                <Link
                  key={number}
                  className="button small"
                  aria-current={number === pack ? 'page' : undefined}
                  to={`/exam/${encodeURIComponent(id)}/preview/${number}`}
                >
                  {t('exam.packages.name', { pack: number })}
                </Link>
              ))}
            </nav>
          )}
          <Link className="button" to={`/exam/${encodeURIComponent(id)}/edit?tab=questions&pack=${pack}`}>
            {t('exam.preview.back')}
          </Link>
        </p>
      </header>
      {data.intro && <p className="card card-body">{data.intro}</p>}
      {list.length === 0 ? (
        <p className="page-message">{t('exam.preview.empty')}</p>
      ) : (
        <ol className="plain-list">
          {list.map((question, at) => (
            <li key={question.id} className="card card-body">
              <PreviewQuestion question={question} number={at + 1} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function PreviewQuestion({ question, number }: { question: Question; number: number }) {
  const { t } = useTranslation();
  const calculated = question.data_set_id !== null;
  // a calculated question as one student gets it: filled from a dataset item, formulas computed
  const preview = useQuestionPreviewQuery(question.id, { skip: !calculated });
  const filled = preview.data;
  const plain = (text: string | null | undefined) => (text ?? '').replace(/<[^>]*>/g, ' ').trim();
  const type = question.questions_type;
  const name = `preview-${question.id}`;
  const optionText = (id: string, answer: string | null) => {
    const computed = filled?.answers.find((option) => String(option.id) === id);
    return plain(
      computed ? (computed.answer ?? (computed.value === null ? '' : String(computed.value))) : answer,
    );
  };

  return (
    <fieldset className={styles.studentQuestion}>
      <legend>
        <strong>{t('exam.questions.number', { index: number })}</strong>
      </legend>
      {calculated && preview.isError && (
        <p className={styles.problem}>{notificationFor(preview.error).text}</p>
      )}
      {plain(filled?.question ?? question.question) ? (
        <RichText html={filled?.question ?? question.question} />
      ) : (
        <p>{t('exam.questions.noText')}</p>
      )}
      {CHOICE_TYPES.includes(type) &&
        (question.answers ?? []).map((option, at) => (
          <label key={option.id} className={styles.choice}>
            <input type={SINGLE_ANSWER_TYPES.includes(type) ? 'radio' : 'checkbox'} name={name} />
            <span>
              {String.fromCharCode(65 + (at % 26))}. {optionText(option.id, option.answer)}
            </span>
          </label>
        ))}
      {type === 'essay' && (
        <div className="field wide">
          <label htmlFor={`${name}-text`}>{t('exam.preview.yourAnswer')}</label>
          <textarea id={`${name}-text`} rows={5} />
        </div>
      )}
      {(type === 'exact' || type === 'parameterized') && (
        <div className="field">
          <label htmlFor={`${name}-number`}>{t('exam.preview.yourAnswer')}</label>
          <input id={`${name}-number`} inputMode="decimal" />
        </div>
      )}
    </fieldset>
  );
}
