import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../auth/guard';
import { FormCard } from '../layout/FormCard';
import { QueryState } from '../layout/QueryState';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { errorCode, statusOf } from '../tasks/student/errors';
import styles from './survey.module.css';
import {
  SCALE,
  useAnswerSurveyMutation,
  useCourseSurveyQuery,
  useSurveyQuestionsQuery,
  type AnswerValue,
  type CourseSurvey,
  type SurveyQuestion,
} from './surveyApi';

/**
 * `/survey/{id}/take`: a student answers an open course survey, once — a fieldset per question
 * (scale 1–5 and one choice as radio buttons, several choices as checkboxes, free text). Sent, it
 * goes back to the survey; answered or closed already, it says so.
 */
export default function TakeSurveyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const survey = useCourseSurveyQuery(id);
  const questions = useSurveyQuestionsQuery(survey.data?.survey_id ?? 0, { skip: !survey.data });
  if (statusOf(survey.error) === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (statusOf(survey.error) === 500) return <Navigate to="/pages/error-500" replace />;
  return (
    <section aria-labelledby="take-title">
      <header className="page-header">
        <div>
          <h1 id="take-title">{survey.data?.name ?? t('routes.surveyTake')}</h1>
          {survey.data?.course_name && <p className="muted">{survey.data.course_name}</p>}
        </div>
      </header>
      <QueryState
        query={survey.isError || !survey.data ? survey : questions}
        loading={t('survey.detail.loading')}
        failed={t('survey.detail.failed')}
        empty={
          survey.data?.answered
            ? t('survey.take.alreadyAnswered')
            : survey.data && !survey.data.is_open
              ? t('survey.take.closed')
              : null
        }
      >
        {() => <AnswerForm survey={survey.data!} questions={questions.data!} />}
      </QueryState>
      <p>
        <Link to={`/survey/${encodeURIComponent(id)}`}>{t('survey.take.back')}</Link>
      </p>
    </section>
  );
}

function AnswerForm({ survey, questions }: { survey: CourseSurvey; questions: SurveyQuestion[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [answer, answering] = useAnswerSurveyMutation();
  const [values, setValues] = useState<Record<string, AnswerValue>>({});
  const [problem, setProblem] = useState('');
  const given = (question: SurveyQuestion) => {
    const value = values[question.id];
    return Array.isArray(value)
      ? value.length > 0
      : typeof value === 'string'
        ? value.trim() !== ''
        : value !== undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = questions.filter((question) => question.required && !given(question));
    if (missing.length > 0) {
      setProblem(t('survey.take.missing', { questions: missing.map((q) => q.index + 1).join(', ') }));
      return;
    }
    setProblem('');
    answer({
      course_id: survey.course_id,
      survey_id: survey.survey_id,
      answers: questions
        .filter((question) => given(question))
        .map((question) => ({ question_id: Number(question.id), value: values[question.id] })),
    })
      .unwrap()
      .then(() => navigate(`/survey/${survey.id}`))
      .catch((error: unknown) =>
        setProblem(
          errorCode(error) === 'already_answered'
            ? t('survey.take.alreadyAnswered')
            : notificationFor(error, t('survey.take.failed')).text,
        ),
      );
  };
  const set = (question: SurveyQuestion, value: AnswerValue) =>
    setValues((now) => ({ ...now, [question.id]: value }));
  return (
    <FormCard id="take" title={survey.name} help={t('survey.take.help')} onSubmit={submit}>
      {questions.map((question) => (
        <fieldset key={question.id} className={styles.question}>
          <legend>
            {question.index + 1}. {question.text}{' '}
            <span className="muted small">
              ({question.required ? t('survey.take.required') : t('survey.take.optional')})
            </span>
          </legend>
          <QuestionInput
            question={question}
            value={values[question.id]}
            onChange={(value) => set(question, value)}
          />
        </fieldset>
      ))}
      <WarningAlert>{problem}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={answering.isLoading}>
          {answering.isLoading ? t('survey.take.sending') : t('survey.take.send')}
        </button>
      </p>
    </FormCard>
  );
}

function QuestionInput({
  question,
  value,
  onChange,
}: {
  question: SurveyQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
}) {
  const { t } = useTranslation();
  const name = `question-${question.id}`;
  if (question.question_type === 'text')
    return (
      <textarea
        id={name}
        aria-label={question.text}
        rows={3}
        maxLength={2000}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  if (question.question_type === 'multiple') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <div className={styles.choices}>
        {question.options.map((option, at) => (
          <label key={option}>
            <input
              type="checkbox"
              name={name}
              checked={chosen.includes(at)}
              onChange={(event) =>
                onChange(event.target.checked ? [...chosen, at] : chosen.filter((index) => index !== at))
              }
            />
            {option}
          </label>
        ))}
      </div>
    );
  }
  const choices =
    question.question_type === 'scale'
      ? SCALE.map((point) => ({ value: point, label: String(point) }))
      : question.options.map((option, at) => ({ value: at, label: option }));
  return (
    <>
      {question.question_type === 'scale' && (
        <p className="muted small">
          {t('survey.take.scaleLow')} · {t('survey.take.scaleHigh')}
        </p>
      )}
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </>
  );
}
