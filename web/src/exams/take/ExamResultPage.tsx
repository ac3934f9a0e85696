import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import { NOT_FOUND_PATH } from '../../auth/guard';
import { Spinner } from '../../layout/Spinner';
import { useDates } from '../../lib/dates';
import { RichText } from '../../lib/richtext/RichText';
import { notificationFor } from '../../notifications/notification';
import { chosen, inputKind, isAnswered, letterOf, plainText } from './answers';
import type { AnswerValue } from './outbox';
import { useAttemptResultQuery, useMyAttemptsQuery, useTakeQuery } from './takeApi';
import type { AttemptResult, ResultQuestion, StudentExam } from './takeTypes';
import styles from './take.module.css';
import { BookmarkToggle } from '../../space/BookmarkToggle';

const number = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/** A score as the student reads it: at most two decimals, no trailing zeros. */
export const formatScore = (value: number | string | null | undefined) => {
  const score = number(value);
  return score === null || Number.isNaN(score) ? '—' : String(Math.round(score * 100) / 100);
};

/**
 * `/exam/{id}` for a student (ExamPage gives the exam's staff the monitor): their attempts and the
 * result of one (the latest finished unless `?attempt=` names another), as much as the exam's rules let the server show — the score and
 * whether it passes, each answer with its points, and the correct answers and solutions once they
 * may be seen. A link back to the lobby for a next attempt.
 */
export default function ExamResultPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const take = useTakeQuery(id);
  const attempts = useMyAttemptsQuery(id);
  const [params, setParams] = useSearchParams();

  if (attempts.isUninitialized || attempts.isLoading || take.isLoading) {
    return <Spinner label={t('exam.take.result.loading')} />;
  }
  // an exam the student may not see (unpublished, another class's) is not found
  if ((take.error as { status?: unknown } | undefined)?.status === 404)
    return <Navigate to={NOT_FOUND_PATH} replace />;
  if (attempts.isError) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(attempts.error, t('exam.take.result.failed')).text}</p>
      </div>
    );
  }
  const list = attempts.data ?? [];
  const finished = list.filter((attempt) => attempt.is_finished || attempt.is_stopped);
  const chosenId = params.get('attempt');
  const shown = finished.find((attempt) => attempt.id === chosenId) ?? finished[0];
  const name = take.data?.exam.name || t('exam.untitled');
  const canStart = Boolean(take.data?.meta.can_start);
  const running = list.find((attempt) => !attempt.is_finished && !attempt.is_stopped && attempt.start_at);

  return (
    <section aria-labelledby="result-title" className={styles.result}>
      <header className="page-header">
        <div>
          {take.data?.exam.course?.name && <p className="muted small">{take.data.exam.course.name}</p>}
          <h1 id="result-title">{t('exam.take.result.title', { name })}</h1>
        </div>
        <BookmarkToggle kind="exam" itemId={id} title={name} />
        {(canStart || running) && (
          <Link className="button button-primary" to={`/exam/${encodeURIComponent(id)}/start`}>
            {running
              ? t('exam.take.resume')
              : list.length
                ? t('exam.take.startAgain')
                : t('exam.take.toLobby')}
          </Link>
        )}
      </header>

      {finished.length === 0 ? (
        <div className="page-message">
          <p>{t('exam.take.result.none')}</p>
          {!canStart && !running && (
            <Link className="button" to={`/exam/${encodeURIComponent(id)}/start`}>
              {t('exam.take.toLobby')}
            </Link>
          )}
        </div>
      ) : (
        <>
          {finished.length > 1 && (
            <nav aria-label={t('exam.take.result.attempts')} className={styles.moves}>
              {finished.map((attempt) => (
                <button
                  key={attempt.id}
                  type="button"
                  className="button small"
                  aria-current={attempt.id === shown?.id ? 'page' : undefined}
                  onClick={() => setParams({ attempt: attempt.id }, { replace: true })}
                >
                  {t('exam.take.result.attempt', { number: attempt.attempt })}
                </button>
              ))}
            </nav>
          )}
          {shown && (
            <AttemptResultView attempt={shown} passingGrade={number(take.data?.exam.passing_grade)} />
          )}
        </>
      )}
    </section>
  );
}

function AttemptResultView({ attempt, passingGrade }: { attempt: StudentExam; passingGrade: number | null }) {
  const { t } = useTranslation();
  const dates = useDates();
  const result = useAttemptResultQuery(attempt.id);

  if (result.isLoading) return <Spinner label={t('exam.take.result.loading')} />;
  if (result.isError || !result.data) {
    return (
      <p className="alert alert-warning" role="alert">
        {notificationFor(result.error, t('exam.take.result.failed')).text}
      </p>
    );
  }
  const data: AttemptResult = result.data;
  const questions = data.questions ?? [];

  return (
    <>
      <div className="card card-body">
        <h2 className="section-title">{t('exam.take.result.attempt', { number: data.attempt })}</h2>
        <p className="muted small">
          {data.is_stopped
            ? t('exam.take.result.stopped')
            : t('exam.take.result.finishedAt', { when: dates.dateTime(data.finished_at) ?? '—' })}
        </p>
        {!data.show_score || data.score === null ? (
          <p>{t('exam.take.result.scoreHidden')}</p>
        ) : (
          <div className={styles.scoreLine}>
            <p>
              <span className="muted">{t('exam.take.result.score')} </span>
              <span className={styles.score}>{formatScore(data.score)}</span>
              <span className="muted"> / 100</span>
            </p>
            {data.is_passed !== null && (
              <p>
                <span className={`badge ${data.is_passed ? '' : 'badge-warning'}`}>
                  {data.is_passed ? t('exam.take.result.passed') : t('exam.take.result.notPassed')}
                </span>
                {passingGrade !== null && (
                  <span className="muted small">
                    {' '}
                    {t('exam.take.result.passingGrade', { grade: formatScore(passingGrade) })}
                  </span>
                )}
              </p>
            )}
          </div>
        )}
        {Boolean(data.grading_pending) && (
          <p className="muted small">
            {t('exam.take.result.gradingPending', { count: data.grading_pending ?? 0 })}
          </p>
        )}
        {data.show_score && data.final_score !== null && data.attempt > 1 && (
          <p className="small">
            {t('exam.take.result.finalScore', { score: formatScore(data.final_score) })}
          </p>
        )}
        {!data.show_solution && data.solution_at && (
          <p className="muted small">
            {t('exam.take.result.solutionsFrom', { when: dates.dateTime(data.solution_at) ?? '—' })}
          </p>
        )}
      </div>
      {questions.length > 0 && (
        <ol className={`plain-list ${styles.resultQuestions}`} aria-label={t('exam.take.result.answers')}>
          {questions.map((question, at) => (
            <li key={question.student_question_id} className="card card-body">
              <ResultQuestionView question={question} position={at + 1} />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

function ResultQuestionView({ question, position }: { question: ResultQuestion; position: number }) {
  const { t } = useTranslation();
  const type = question.questions_type ?? 'essay';
  const kind = inputKind(type);
  const answer = question.answer as AnswerValue;
  const options = question.answers ?? [];
  const picked = chosen(answer);
  const shown = options.some((option) => option.is_correct !== null);
  const optionText = (option: ResultQuestion['answers'][number]) =>
    plainText(option.answer) || (option.value === null ? '' : String(option.value));
  const correctValues = options
    .filter((option) => option.is_correct)
    .map((option) => option.exact_answer ?? (option.value === null ? null : String(option.value)))
    .filter((value): value is string => Boolean(value));
  const id = `result-q-${question.student_question_id}`;

  return (
    <article aria-labelledby={id} className={styles.question}>
      <div className={styles.questionHead}>
        <h3 id={id}>{t('exam.take.result.question', { index: position })}</h3>
        <span className="small">
          {type === 'essay' && question.score === null && question.answered
            ? t('exam.take.result.awaitingGrade')
            : question.score === null
              ? ''
              : t('exam.take.result.points', { score: formatScore(question.score) })}
        </span>
      </div>
      <RichText html={question.question} />
      {(kind === 'single' || kind === 'multiple') && (
        <ul className="plain-list">
          {options.map((option, at) => {
            const mine = picked.includes(option.index);
            return (
              <li key={option.id}>
                <span
                  className={option.is_correct ? styles.correct : mine && shown ? styles.wrong : undefined}
                >
                  {letterOf(at)}. {optionText(option)}
                </span>
                {mine && <span className="badge badge-muted">{t('exam.take.result.yourChoice')}</span>}{' '}
                {option.is_correct && <span className="badge">{t('exam.take.result.correctAnswer')}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {kind === 'value' && (
        <p>
          {t('exam.take.result.yourAnswer')}:{' '}
          <strong>{valueOf(answer) ?? t('exam.take.result.noAnswer')}</strong>
          {correctValues.length > 0 && (
            <>
              {' · '}
              {t('exam.take.result.correctAnswer')}:{' '}
              <strong className={styles.correct}>{correctValues.join(' / ')}</strong>
            </>
          )}
        </p>
      )}
      {kind === 'essay' &&
        (isAnswered(answer) && answer && 'text' in answer ? (
          <div>
            <p className="muted small">{t('exam.take.result.yourAnswer')}</p>
            <RichText html={answer.text} />
          </div>
        ) : (
          <p className="muted">{t('exam.take.result.noAnswer')}</p>
        ))}
      {question.solution && plainText(question.solution) && (
        <div className={styles.solution}>
          <p className="muted small">{t('exam.take.result.solution')}</p>
          <RichText html={question.solution} />
        </div>
      )}
    </article>
  );
}

function valueOf(answer: AnswerValue): string | null {
  return answer && 'value' in answer && String(answer.value).trim() ? answer.value : null;
}
