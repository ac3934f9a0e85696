import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ConfirmButton } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { ChartGrid, KeyFigures } from '../../lib/charts/Charts';
import { WarningAlert } from '../../layout/WarningAlert';
import { notificationFor } from '../../notifications/notification';
import type { Exam } from '../examTypes';
import { decimal, differenceOf, percent, scoreText } from './numbers';
import { ExamScoreHistogram, OptionChart, PassRateChart, QuestionQualityChart } from './StatisticCharts';
import { StaffHeader } from './StaffHeader';
import {
  useExamStatisticQuery,
  useMonitorQuery,
  useQuestionStatisticQuery,
  useRecalculateMutation,
} from './staffApi';
import { questionLabel } from './questionLabel';
import type { QuestionSummary, Recalculation } from './staffTypes';
import styles from './staff.module.css';

/**
 * `/exam/{id}/statistic` (admin, lecturer): how the exam went — score distribution, pass rate,
 * each question's difficulty and discrimination, the options chosen — and the recalculation of
 * every attempt after a question was fixed, with whose score changed.
 */
export default function ExamStatisticPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <StaffHeader id={id} title={t('routes.examStatistic')}>
      {(exam) => <Statistic exam={exam} />}
    </StaffHeader>
  );
}

function Statistic({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const stats = useExamStatisticQuery(exam.id);
  const [questionId, setQuestionId] = useState<number | null>(null);

  if (stats.isLoading) return <Spinner label={t('exam.staff.statistic.loading')} />;
  if (!stats.data) return <WarningAlert>{notificationFor(stats.error).text}</WarningAlert>;
  const data = stats.data;
  const { scores } = data;
  const questions = data.questions ?? [];
  const question = questions.find((item) => item.question_id === questionId) ?? null;
  const meanTime = data.time_spent.mean;

  return (
    <>
      <Recalculate exam={exam} />
      {scores.count === 0 ? (
        <p className="empty-state">{t('exam.staff.statistic.none')}</p>
      ) : (
        <>
          <KeyFigures
            items={[
              { key: 'students', label: t('exam.staff.statistic.students'), value: scores.count },
              { key: 'mean', label: t('exam.staff.statistic.mean'), value: scoreText(scores.mean) },
              { key: 'median', label: t('exam.staff.statistic.median'), value: scoreText(scores.median) },
              { key: 'stdev', label: t('exam.staff.statistic.stdev'), value: scoreText(scores.stdev) },
              {
                key: 'passRate',
                label: t('exam.staff.statistic.passRate'),
                value: percent(scores.pass_rate),
              },
              {
                key: 'meanTime',
                label: t('exam.staff.statistic.meanTime'),
                value: meanTime === null ? '—' : t('exam.minutes', { count: Math.round(meanTime / 60) }),
              },
            ]}
          />
          {data.attempts.grading_pending > 0 && (
            <p className="alert alert-warning">
              {t('exam.staff.statistic.pending', { count: data.attempts.grading_pending })}
            </p>
          )}
          <ChartGrid>
            <ExamScoreHistogram bins={data.distribution} passingGrade={data.passing_grade} />
            <PassRateChart passed={scores.passed} failed={scores.count - scores.passed} />
          </ChartGrid>
          {questions.length > 0 && (
            <section aria-labelledby="questions-title">
              <h2 id="questions-title" className="section-title">
                {t('exam.staff.statistic.questions')}
              </h2>
              <p className="muted small">{t('exam.staff.statistic.qualityHelp')}</p>
              <QuestionQualityChart questions={questions} />
              <QuestionTable questions={questions} chosen={questionId} onChoose={setQuestionId} />
              {question && <QuestionOptions exam={exam} question={question} />}
            </section>
          )}
        </>
      )}
    </>
  );
}

function QuestionTable({
  questions,
  chosen,
  onChoose,
}: {
  questions: QuestionSummary[];
  chosen: number | null;
  onChoose: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.tableWrap}>
      <table className="data-table">
        <caption className="sr-only">{t('exam.staff.statistic.questions')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('exam.staff.statistic.questionCol')}</th>
            <th scope="col">{t('exam.staff.statistic.type')}</th>
            <th scope="col">{t('exam.staff.statistic.answered')}</th>
            <th scope="col">{t('exam.staff.statistic.difficulty')}</th>
            <th scope="col">{t('exam.staff.statistic.discrimination')}</th>
            <th scope="col">{t('exam.staff.statistic.options')}</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question) => {
            const label = questionLabel(t, question);
            return (
              <tr key={question.question_id}>
                <th scope="row">{label}</th>
                <td>{question.questions_type ? t(`exam.questionTypes.${question.questions_type}`) : '—'}</td>
                <td>
                  {question.answered}/{question.attempts}
                </td>
                <td>
                  {decimal(question.difficulty)}
                  {question.difficulty_level && (
                    <span className="muted small">
                      {' '}
                      {t(`exam.staff.statistic.level.${question.difficulty_level}`)}
                    </span>
                  )}
                </td>
                <td>
                  {decimal(question.discrimination)}
                  {question.discrimination_level && (
                    <span
                      className={
                        question.discrimination_level === 'poor' ? 'badge badge-warning' : 'muted small'
                      }
                    >
                      {' '}
                      {t(`exam.staff.statistic.level.${question.discrimination_level}`)}
                    </span>
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button small"
                    aria-pressed={chosen === question.question_id}
                    aria-label={t('exam.staff.statistic.showOptionsOf', { question: label })}
                    onClick={() => onChoose(question.question_id)}
                  >
                    {t('exam.staff.statistic.showOptions')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function QuestionOptions({ exam, question }: { exam: Exam; question: QuestionSummary }) {
  const { t } = useTranslation();
  const stats = useQuestionStatisticQuery({ examId: exam.id, questionId: String(question.question_id) });
  const label = questionLabel(t, question);
  if (stats.isLoading) return <Spinner label={t('common.loading')} />;
  if (!stats.data) return <WarningAlert>{notificationFor(stats.error).text}</WarningAlert>;
  const { options, values } = stats.data;
  if (options.length > 0)
    return <OptionChart options={options} title={t('exam.staff.statistic.optionsOf', { question: label })} />;
  if (values.length === 0)
    return <p className="muted">{t('exam.staff.statistic.noOptions', { question: label })}</p>;
  // typed answers (exact, calculated): the most frequent values and how they scored
  return (
    <div className={styles.tableWrap}>
      <table className="data-table">
        <caption>{t('exam.staff.statistic.valuesOf', { question: label })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('exam.staff.statistic.value')}</th>
            <th scope="col">{t('exam.staff.statistic.chosenBy')}</th>
            <th scope="col">{t('exam.staff.statistic.meanScore')}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value) => (
            <tr key={value.value}>
              <th scope="row">{value.value}</th>
              <td>{value.count}</td>
              <td>{scoreText(value.mean_score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Recalculate({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const [recalculate, running] = useRecalculateMutation();
  const [outcome, setOutcome] = useState<Recalculation | null>(null);
  // the students' names, as the monitor has them (the recalculation answers their ids)
  const monitor = useMonitorQuery(exam.id, { skip: !outcome || outcome.changed.length === 0 });
  const names = new Map((monitor.data?.rows ?? []).map((row) => [row.student_exam_id, row.name]));
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className={styles.recalculate} aria-labelledby="recalculate-title">
      <h2 id="recalculate-title" className="section-title">
        {t('exam.staff.recalculate.title')}
      </h2>
      <p className="muted small">{t('exam.staff.recalculate.help')}</p>
      <ConfirmButton
        className="button"
        tone="primary"
        disabled={running.isLoading}
        question={t('exam.staff.recalculate.question', { name: exam.name })}
        details={t('exam.staff.recalculate.details')}
        action={t('exam.staff.recalculate.action')}
        onConfirm={() => {
          setFailure(null);
          setOutcome(null);
          recalculate({ examId: exam.id })
            .unwrap()
            .then(setOutcome)
            .catch((error: unknown) => setFailure(notificationFor(error).text));
        }}
      >
        {running.isLoading ? t('exam.staff.recalculate.running') : t('exam.staff.recalculate.action')}
      </ConfirmButton>
      <WarningAlert>{failure}</WarningAlert>
      {outcome && (
        <div aria-live="polite">
          {outcome.changed.length === 0 ? (
            <p>{t('exam.staff.recalculate.noChange')}</p>
          ) : (
            <div className={styles.tableWrap}>
              <table className="data-table">
                <caption>{t('exam.staff.recalculate.changed', { count: outcome.changed.length })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('exam.staff.monitor.student')}</th>
                    <th scope="col">{t('exam.staff.recalculate.before')}</th>
                    <th scope="col">{t('exam.staff.recalculate.after')}</th>
                    <th scope="col">{t('exam.staff.recalculate.difference')}</th>
                  </tr>
                </thead>
                <tbody>
                  {outcome.changed.map((change) => (
                    <tr key={change.student_exam_id}>
                      <th scope="row">
                        {names.get(String(change.student_exam_id)) ??
                          t('exam.staff.recalculate.student', { id: change.student_id })}
                        {change.attempt > 1 && (
                          <span className="muted small">{` · ${t('exam.staff.monitor.attempt', { n: change.attempt })}`}</span>
                        )}
                      </th>
                      <td>{scoreText(change.before)}</td>
                      <td>{scoreText(change.after)}</td>
                      <td>{differenceOf(change.before, change.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
