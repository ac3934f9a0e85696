import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { RichText } from '../../lib/richtext/RichText';
import { notificationFor } from '../../notifications/notification';
import { excerptOf } from '../QuestionsPanel';
import type { Exam, Question } from '../examTypes';
import type { EssayAnswer } from './staffTypes';
import { MAX_QUESTION_SCORE, nextAfter, previousBefore, queueOf, readScore } from './gradingQueue';
import { useEssayQuestionsQuery, useGradeEssayMutation, useQuestionAnswersQuery } from './staffApi';
import styles from './staff.module.css';

/**
 * The essay grading queue (issue 13): the essay questions of the exam, and for the chosen one the
 * students' answers not graded yet, one at a time. Enter saves the score and shows the next
 * answer; Alt+→ and Alt+← move along the queue without grading. 0 is a score, an empty field is not.
 */
export function GradingQueue({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const questions = useEssayQuestionsQuery(exam.id);
  const [questionId, setQuestionId] = useState('');
  const list = questions.data ?? [];
  const question = list.find((item) => item.id === questionId) ?? list[0];

  if (questions.isLoading) return <Spinner label={t('exam.staff.grading.loading')} />;
  if (questions.isError) return <WarningAlert>{notificationFor(questions.error).text}</WarningAlert>;
  if (!question) return <p className="empty-state">{t('exam.staff.grading.noEssays')}</p>;

  return (
    <section aria-labelledby="grading-title">
      <h2 id="grading-title" className="section-title">
        {t('exam.staff.grading.title')}
      </h2>
      <div className="field">
        <label htmlFor="grading-question">{t('exam.staff.grading.question')}</label>
        <select
          id="grading-question"
          value={question.id}
          onChange={(event) => setQuestionId(event.target.value)}
        >
          {list.map((item) => (
            <option key={item.id} value={item.id}>
              {t('exam.staff.grading.questionOption', {
                pack: item.package,
                index: item.index,
                text: excerptOf(item.question) || t('exam.questions.noText'),
              })}
            </option>
          ))}
        </select>
      </div>
      <AnswerQueue key={question.id} exam={exam} question={question} />
    </section>
  );
}

function AnswerQueue({ exam, question }: { exam: Exam; question: Question }) {
  const { t } = useTranslation();
  const ungradedAnswers = useQuestionAnswersQuery({
    examId: exam.id,
    questionId: question.id,
    graded: false,
  });
  const [withGraded, setWithGraded] = useState(false);
  const gradedAnswers = useQuestionAnswersQuery(
    { examId: exam.id, questionId: question.id, graded: true },
    { skip: !withGraded },
  );
  const [grade] = useGradeEssayMutation();
  const [current, setCurrent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // an answer graded here stays in the ungraded page until it is read again: the graded page's copy wins
  const graded = withGraded ? (gradedAnswers.data?.answers ?? []) : [];
  const gradedIds = new Set(graded.map((item) => item.student_question_id));
  const all = [
    ...(ungradedAnswers.data?.answers ?? []).filter((item) => !gradedIds.has(item.student_question_id)),
    ...graded,
  ];
  const queue = queueOf(all, withGraded);
  const answer = queue.find((item) => item.student_question_id === current) ?? queue[0] ?? null;
  // graded now in this page, still in the ungraded page until it is read again
  const ungraded =
    (ungradedAnswers.data?.total ?? 0) -
    (ungradedAnswers.data?.answers ?? []).filter((item) => item.score !== null).length;

  if (ungradedAnswers.isLoading) return <Spinner label={t('exam.staff.grading.loadingAnswers')} />;
  if (ungradedAnswers.error)
    return <WarningAlert>{notificationFor(ungradedAnswers.error).text}</WarningAlert>;

  const move = (to: number | null) => {
    setFailure(null);
    setCurrent(to);
  };
  const save = (shown: EssayAnswer, score: number) => {
    // the next answer shows at once; a refused score brings this one back with the reason
    move(nextAfter(queue, shown.student_question_id));
    grade({
      examId: exam.id,
      questionId: question.id,
      student_question_id: shown.student_question_id,
      score,
      name: shown.name,
    })
      .unwrap()
      .catch((error: unknown) => {
        setCurrent(shown.student_question_id);
        setFailure(notificationFor(error).text);
      });
  };

  return (
    <div className={styles.queue}>
      <p className={styles.queueHead}>
        <span aria-live="polite">
          {ungraded === 0
            ? t('exam.staff.grading.allGraded')
            : t('exam.staff.grading.left', { count: ungraded })}
        </span>
        <label className={styles.inline}>
          <input
            type="checkbox"
            checked={withGraded}
            onChange={(event) => setWithGraded(event.target.checked)}
          />{' '}
          {t('exam.staff.grading.withGraded')}
        </label>
      </p>
      {withGraded && gradedAnswers.isLoading && <Spinner label={t('exam.staff.grading.loadingGraded')} />}
      {withGraded && gradedAnswers.error && (
        <WarningAlert>{notificationFor(gradedAnswers.error).text}</WarningAlert>
      )}
      {answer && (
        <AnswerCard
          // a newly shown answer starts with its own score (or empty)
          key={`${answer.student_question_id}:${answer.score ?? ''}`}
          question={question}
          answer={answer}
          failure={failure}
          canSkip={queue.length > 1}
          onSave={(score) => save(answer, score)}
          onMove={(step) =>
            move(
              step > 0
                ? nextAfter(queue, answer.student_question_id)
                : previousBefore(queue, answer.student_question_id),
            )
          }
        />
      )}
    </div>
  );
}

/** One answer with its score field; it takes the focus when shown, so grading goes on by keyboard. */
function AnswerCard({
  question,
  answer,
  failure,
  canSkip,
  onSave,
  onMove,
}: {
  question: Question;
  answer: EssayAnswer;
  failure: string | null;
  canSkip: boolean;
  onSave: (score: number) => void;
  onMove: (step: 1 | -1) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(answer.score === null ? '' : String(answer.score));
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const max = MAX_QUESTION_SCORE;
  const read = readScore(typed, max);
  const problem = touched && 'problem' in read ? read.problem : null;
  useEffect(() => input.current?.focus(), []);

  return (
    <form
      className="card card-body"
      aria-labelledby="grading-answer-title"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if ('score' in read) onSave(read.score);
      }}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
        event.preventDefault();
        onMove(event.key === 'ArrowRight' ? 1 : -1);
      }}
    >
      <h3 id="grading-answer-title" className={styles.answerTitle}>
        {t('exam.staff.grading.answerOf', { name: answer.name })}
        {answer.score !== null && (
          <span className="badge badge-muted">{t('exam.staff.grading.graded', { score: answer.score })}</span>
        )}
      </h3>
      <details className={styles.questionText}>
        <summary>{t('exam.staff.grading.showQuestion')}</summary>
        <RichText html={question.question} />
      </details>
      <div className={styles.answer}>
        {answer.text ? (
          <RichText html={answer.text} />
        ) : (
          <p className="muted">{t('exam.staff.grading.empty')}</p>
        )}
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="grading-score">{t('exam.staff.grading.scoreOf', { max })}</label>
          <input
            ref={input}
            id="grading-score"
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby="grading-score-help"
            onChange={(event) => setTyped(event.target.value)}
          />
          <span id="grading-score-help" className={problem ? styles.problem : 'muted small'}>
            {problem ? t(`exam.staff.grading.problem.${problem}`, { max }) : t('exam.staff.grading.keys')}
          </span>
        </div>
        <button type="submit" className="button button-primary">
          {t('exam.staff.grading.save')}
        </button>
        <button type="button" className="button" disabled={!canSkip} onClick={() => onMove(1)}>
          {t('exam.staff.grading.skip')}
        </button>
      </div>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
