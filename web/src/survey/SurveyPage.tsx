import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { pageCount } from '../api/jsonapi';
import { NOT_FOUND_PATH } from '../auth/guard';
import { FormCard } from '../layout/FormCard';
import { Pagination } from '../layout/Pagination';
import { QueryState } from '../layout/QueryState';
import { WarningAlert } from '../layout/WarningAlert';
import { ChartGrid, KeyFigures } from '../lib/charts/Charts';
import { useDates } from '../lib/dates';
import { notificationFor } from '../notifications/notification';
import { statusOf } from '../tasks/student/errors';
import { QuestionChart } from './SurveyCharts';
import styles from './survey.module.css';
import {
  SUGGESTIONS_PAGE,
  useCourseSurveyQuery,
  useOpenSurveyMutation,
  useRespondToSurveyMutation,
  useSurveyResultsQuery,
  useSurveySuggestionsQuery,
  type CourseSurvey,
  type SurveyResults,
} from './surveyApi';

/** Where a survey fetch's 500 leads (spec 03 §8); its 404 leads to the not-found page. */
const SERVER_ERROR_PATH = '/pages/error-500';

/**
 * `/survey/{id}`: one course survey. A student reads it, answers it while it is open and reads the
 * lecturer's response; its staff see the anonymous results (response rate, each question's chart,
 * the suggestions; nothing but the counts below the minimum of responses), open or close it and
 * respond to the students.
 */
export default function SurveyPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const survey = useCourseSurveyQuery(id);
  const status = statusOf(survey.error);
  if (status === 404) return <Navigate to={NOT_FOUND_PATH} replace />;
  if (status === 500) return <Navigate to={SERVER_ERROR_PATH} replace />;
  return (
    <QueryState
      query={survey}
      loading={t('survey.detail.loading')}
      failed={t('survey.detail.failed')}
      empty={null}
    >
      {() => {
        const item = survey.data!;
        return (
          <section aria-labelledby="survey-title">
            <header className="page-header">
              <div>
                <h1 id="survey-title">{item.name}</h1>
                <p className="muted">{t('survey.detail.course', { course: item.course_name ?? '' })}</p>
              </div>
              {item.responses !== null && <OpenToggle item={item} />}
            </header>
            {item.description && <p>{item.description}</p>}
            {item.responses === null ? <StudentView item={item} /> : <StaffView item={item} />}
          </section>
        );
      }}
    </QueryState>
  );
}

function StudentView({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  return (
    <>
      {item.answered ? (
        <p className={`alert ${styles.done}`}>{t('survey.detail.thanks')}</p>
      ) : item.is_open ? (
        <p>
          <Link className="button button-primary" to={`/survey/${item.id}/take`}>
            {t('survey.detail.answerNow')}
          </Link>
        </p>
      ) : (
        <p className="muted">{t('survey.detail.closedNotAnswered')}</p>
      )}
      <LecturerResponse item={item} />
    </>
  );
}

function LecturerResponse({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section className="card card-body" aria-labelledby="survey-response-title">
      <h2 id="survey-response-title" className="section-title">
        {t('survey.detail.lecturerResponse')}
      </h2>
      {item.response ? (
        <>
          <p className={styles.text}>{item.response}</p>
          {item.responded_at && <p className="muted small">{dates.dateTime(item.responded_at)}</p>}
        </>
      ) : (
        <p className="muted">{t('survey.detail.noResponse')}</p>
      )}
    </section>
  );
}

function OpenToggle({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const [toggle, toggling] = useOpenSurveyMutation();
  return (
    <button
      type="button"
      className="button"
      disabled={toggling.isLoading}
      onClick={() => void toggle({ id: item.id, is_open: !item.is_open })}
    >
      {item.is_open ? t('survey.detail.close') : t('survey.detail.reopen')}
    </button>
  );
}

function StaffView({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const results = useSurveyResultsQuery(item.id);
  return (
    <>
      <section aria-labelledby="survey-results-title">
        <h2 id="survey-results-title" className="section-title">
          {t('survey.results.title')}
        </h2>
        <QueryState
          query={results}
          loading={t('survey.results.loading')}
          failed={t('survey.results.failed')}
          empty={results.data ? null : t('survey.results.failed')}
        >
          {() => <Results results={results.data!} />}
        </QueryState>
      </section>
      {results.data && !results.data.hidden && results.data.questions.some((q) => q.type === 'text') && (
        <Suggestions item={item} />
      )}
      {item.can_respond ? <RespondForm item={item} /> : <LecturerResponse item={item} />}
    </>
  );
}

function Results({ results }: { results: SurveyResults }) {
  const { t } = useTranslation();
  const rate = results.response_rate === null ? '—' : `${Math.round(results.response_rate * 100)} %`;
  return (
    <>
      <KeyFigures
        items={[
          { key: 'responses', label: t('survey.results.responses'), value: results.responses },
          { key: 'students', label: t('survey.results.students'), value: results.students },
          { key: 'rate', label: t('survey.results.rate'), value: rate },
        ]}
      />
      {results.hidden ? (
        <p className="alert alert-warning">
          {t('survey.results.hidden', { minimum: results.minimum_responses })}
        </p>
      ) : (
        <ChartGrid>
          {results.questions.map((question, at) =>
            question.type === 'text' ? (
              <div key={question.id} className="card card-body">
                <h3 className="section-title">{`${at + 1}. ${question.text}`}</h3>
                <p className="muted small">
                  {t('survey.results.answered', { count: question.answered ?? 0 })}
                </p>
                <p className="muted small">{t('survey.results.textQuestion')}</p>
              </div>
            ) : (
              <QuestionChart key={question.id} question={question} number={at + 1} />
            ),
          )}
        </ChartGrid>
      )}
    </>
  );
}

function Suggestions({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const suggestions = useSurveySuggestionsQuery({ surveyId: item.survey_id, courseId: item.course_id, page });
  return (
    <section aria-labelledby="survey-suggestions-title">
      <h2 id="survey-suggestions-title" className="section-title">
        {t('survey.suggestions.title')}
      </h2>
      <QueryState
        query={suggestions}
        loading={t('survey.suggestions.loading')}
        failed={t('survey.suggestions.failed')}
        empty={suggestions.data?.total === 0 ? t('survey.suggestions.empty') : null}
      >
        {() => (
          <>
            <ul className={`plain-list ${styles.suggestions}`}>
              {suggestions.data!.items.map((suggestion) => (
                <li key={suggestion.id} className="card card-body">
                  <p className="muted small">{suggestion.question}</p>
                  <p className={styles.text}>{suggestion.text}</p>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(suggestions.data!.total, SUGGESTIONS_PAGE)}
              onPage={setPage}
              label={t('survey.suggestions.pages')}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function RespondForm({ item }: { item: CourseSurvey }) {
  const { t } = useTranslation();
  const [response, setResponse] = useState(item.response ?? '');
  const [save, saving] = useRespondToSurveyMutation();
  const [problem, setProblem] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    save({ courseId: item.course_id, survey_id: item.survey_id, response })
      .unwrap()
      .catch((error: unknown) => setProblem(notificationFor(error, t('survey.respond.failed')).text));
  };
  return (
    <FormCard
      id="survey-respond"
      title={t('survey.respond.title')}
      help={t('survey.respond.help')}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor="survey-response">{t('survey.respond.label')}</label>
        <textarea
          id="survey-response"
          rows={4}
          maxLength={5000}
          value={response}
          onChange={(event) => setResponse(event.target.value)}
        />
      </div>
      <WarningAlert>{problem}</WarningAlert>
      <p className="row-actions">
        <button type="submit" className="button button-primary" disabled={saving.isLoading}>
          {saving.isLoading ? t('survey.respond.saving') : t('survey.respond.save')}
        </button>
      </p>
    </FormCard>
  );
}
