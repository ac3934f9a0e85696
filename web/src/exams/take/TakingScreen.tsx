import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../layout/ConfirmDialog';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { cx } from '../../lib/classNames';
import { notificationFor } from '../../notifications/notification';
import { isAnswered } from './answers';
import { Countdown } from './Countdown';
import type { AnswerValue, Outbox, OutboxState, QuestionSaveState } from './outbox';
import { QuestionCard } from './QuestionCard';
import { useAttemptQuestionsQuery, useFinishAttemptMutation, useSaveIndexMutation } from './takeApi';
import type { StudentExam, StudentQuestion, TakeExam } from './takeTypes';
import { useOutbox } from './useOutbox';
import styles from './take.module.css';

/** A typed answer is sent once the typing pauses this long (it is stored in the browser at once). */
export const TYPING_PAUSE_MS = 800;
/** How long handing in waits for unsent answers to reach the server. */
const DRAIN_MS = 10_000;

interface Local {
  answer: AnswerValue;
  flagged: boolean;
}

/**
 * The taking screen: one question at a time, a navigator of answered, flagged and current
 * questions, the server's count-down, each question's save status and the offline banner. Every
 * change goes to the outbox (stored in the browser, sent in order, resent after a reload or a lost
 * network). Without going back (`is_back` off) there is no way to earlier questions and each move
 * is kept by the server. Handing in lists what is unanswered or flagged; the end of the time or
 * the server's refusal ends the attempt by itself.
 */
export function TakingScreen({
  exam,
  attempt,
  offset,
  onEnded,
}: {
  exam: TakeExam;
  attempt: StudentExam;
  offset: number;
  onEnded: () => void;
}) {
  const { t } = useTranslation();
  const questions = useAttemptQuestionsQuery(attempt.id);
  const { outbox, state } = useOutbox(attempt.id, offset);

  if (questions.isLoading) return <Spinner label={t('exam.take.loadingQuestions')} />;
  if (questions.isError || !questions.data) {
    return (
      <div className="page-message" role="alert">
        <p>{notificationFor(questions.error, t('exam.take.questionsFailed')).text}</p>
        <button type="button" className="button" onClick={() => void questions.refetch()}>
          {t('exam.take.retry')}
        </button>
      </div>
    );
  }
  if (questions.data.length === 0) return <p className="page-message">{t('exam.take.noQuestions')}</p>;
  return (
    <AttemptScreen
      exam={exam}
      attempt={attempt}
      offset={offset}
      onEnded={onEnded}
      list={questions.data}
      outbox={outbox}
      state={state}
    />
  );
}

/** The answers as the server has them, overlaid by newer ones of this browser (unsent or just sent). */
function startingAnswers(list: StudentQuestion[], outbox: Outbox): Record<string, Local> {
  const start: Record<string, Local> = {};
  for (const question of list) {
    outbox.known(question.id, question.seq);
    const mine = outbox.latestOf(question.id);
    start[question.id] =
      mine && mine.seq > (question.seq ?? 0)
        ? { answer: mine.answer, flagged: mine.flagged }
        : { answer: question.answer ?? null, flagged: Boolean(question.flagged) };
  }
  return start;
}

function AttemptScreen({
  exam,
  attempt,
  offset,
  onEnded,
  list,
  outbox,
  state,
}: {
  exam: TakeExam;
  attempt: StudentExam;
  offset: number;
  onEnded: () => void;
  list: StudentQuestion[];
  outbox: Outbox;
  state: OutboxState;
}) {
  const { t } = useTranslation();
  const [local, setLocal] = useState<Record<string, Local>>(() => startingAnswers(list, outbox));
  const [position, setPosition] = useState(() =>
    Math.max(
      0,
      list.findIndex((question) => question.index === attempt.current_index),
    ),
  );
  const [asking, setAsking] = useState(false);
  const [ending, setEnding] = useState<null | 'finishing' | 'time' | 'closed'>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saveIndex] = useSaveIndexMutation();
  const [finish] = useFinishAttemptMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const ended = useRef(false);
  const canGoBack = exam.is_back !== false;
  const name = exam.name || t('exam.untitled');

  const change = (question: StudentQuestion, next: Partial<Local>, typed = false) => {
    const current = local[question.id] ?? { answer: null, flagged: false };
    const value = { ...current, ...next };
    setLocal((all) => ({ ...all, [question.id]: value }));
    outbox.save(question.id, value.answer, value.flagged, typed ? TYPING_PAUSE_MS : 0);
  };

  const moveTo = (next: number) => {
    if (next < 0 || next >= list.length || next === position) return;
    if (!canGoBack && next < position) return;
    outbox.release();
    setPosition(next);
    void saveIndex({ attemptId: attempt.id, index: list[next].index })
      .unwrap()
      .catch(() => undefined); // where the student is: resumed from the server's last known place
    requestAnimationFrame(() => heading.current?.focus());
  };

  /** Ends the attempt: hands in what the outbox holds, finishes it and goes to the result. */
  const end = useCallback(
    async (why: 'finishing' | 'time' | 'closed') => {
      if (ended.current) return;
      ended.current = true;
      setEnding(why);
      setProblem(null);
      const drained = why === 'closed' ? false : await outbox.drained(why === 'time' ? 5000 : DRAIN_MS);
      if (why === 'finishing' && !drained) {
        ended.current = false;
        setEnding(null);
        setProblem(t('exam.take.finish.unsent', { count: outbox.getState().unsent }));
        return;
      }
      if (why !== 'closed') {
        try {
          await finish({ attemptId: attempt.id, examId: exam.id }).unwrap();
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          // 403/404/409: the server ended it already (its sweeper at the deadline, a stop)
          if (why === 'finishing' && ![403, 404, 409].includes(status as number)) {
            ended.current = false;
            setEnding(null);
            setProblem(notificationFor(error, t('exam.take.finish.failed')).text);
            return;
          }
        }
      }
      outbox.discard();
      onEnded();
    },
    [outbox, finish, attempt.id, exam.id, onEnded, t],
  );

  // the server refused a save because the attempt is over (its end, a stop): the attempt ends here
  useEffect(() => {
    const check = () => {
      if (outbox.getState().closed) void end('closed');
    };
    const timer = setTimeout(check, 0); // refused before this screen showed
    const unsubscribe = outbox.subscribe(check);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [outbox, end]);

  const question = list[position];
  const answeredOf = (item: StudentQuestion) => isAnswered(local[item.id]?.answer);
  const unanswered = list.filter((item) => !answeredOf(item)).map((item) => item.index);
  const flagged = list.filter((item) => local[item.id]?.flagged).map((item) => item.index);
  const saveState = (item: StudentQuestion): QuestionSaveState | null =>
    state.questions[item.id] ?? (answeredOf(item) || local[item.id]?.flagged ? 'saved' : null);
  const offline = state.offline;
  const last = position === list.length - 1;

  return (
    <section aria-labelledby="taking-title" className={styles.taking}>
      <header className={styles.takingHead}>
        <h1 id="taking-title" className={styles.takingTitle}>
          {name}
        </h1>
        <Countdown endAt={attempt.end_at} offset={offset} onZero={() => void end('time')} />
        <SaveSummary unsent={state.unsent} offline={offline} />
        <button
          type="button"
          className="button button-primary"
          disabled={ending !== null}
          aria-haspopup="dialog"
          onClick={() => setAsking(true)}
        >
          {t('exam.take.finish.button')}
        </button>
      </header>

      {offline && (
        <p className={cx('alert alert-warning', styles.offline)} role="alert">
          {t('exam.take.offline', { count: state.unsent })}
        </p>
      )}
      {state.volatile && <WarningAlert>{t('exam.take.volatile')}</WarningAlert>}
      {state.refusal && !state.closed && <WarningAlert>{state.refusal}</WarningAlert>}
      <WarningAlert>{problem}</WarningAlert>
      {ending === 'time' && (
        <p className="alert alert-warning" role="alert">
          {t('exam.take.timeUp')}
        </p>
      )}
      {ending === 'closed' && (
        <p className="alert alert-warning" role="alert">
          {t('exam.take.closed')}
        </p>
      )}

      <div className={styles.takingBody}>
        <QuestionCard
          key={question.id}
          headingRef={heading}
          question={question}
          position={position}
          total={list.length}
          value={local[question.id] ?? { answer: null, flagged: false }}
          saveState={saveState(question)}
          disabled={ending !== null}
          onAnswer={(answer, typed) => change(question, { answer }, typed)}
          onFlag={(value) => change(question, { flagged: value })}
        >
          <div className={styles.moves}>
            {canGoBack && position > 0 && (
              <button type="button" className="button" onClick={() => moveTo(position - 1)}>
                {t('exam.take.previous')}
              </button>
            )}
            {!last && (
              <button type="button" className="button button-primary" onClick={() => moveTo(position + 1)}>
                {t('exam.take.next')}
              </button>
            )}
            {last && (
              <button
                type="button"
                className="button button-primary"
                disabled={ending !== null}
                aria-haspopup="dialog"
                onClick={() => setAsking(true)}
              >
                {t('exam.take.finish.review')}
              </button>
            )}
          </div>
          {!canGoBack && <p className="muted small">{t('exam.take.noBackNote')}</p>}
        </QuestionCard>

        <nav className={cx('card card-body', styles.navigator)} aria-label={t('exam.take.navigator.title')}>
          <h2 className="section-title">{t('exam.take.navigator.title')}</h2>
          <ol className={styles.navList}>
            {list.map((item, at) => {
              const answered = answeredOf(item);
              const isFlagged = Boolean(local[item.id]?.flagged);
              const locked = !canGoBack && at < position;
              const saving = state.questions[item.id];
              return (
                <li key={item.id}>
                  <button
                    type="button"
                    className={cx(
                      styles.navButton,
                      answered && styles.navAnswered,
                      isFlagged && styles.navFlagged,
                      at === position && styles.navCurrent,
                    )}
                    aria-current={at === position ? 'step' : undefined}
                    disabled={locked || ending !== null}
                    aria-label={[
                      t('exam.take.navigator.question', { index: at + 1 }),
                      answered ? t('exam.take.navigator.answered') : t('exam.take.navigator.unanswered'),
                      isFlagged ? t('exam.take.navigator.flagged') : null,
                      saving === 'offline' || saving === 'saving' ? t('exam.take.navigator.unsent') : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                    onClick={() => moveTo(at)}
                  >
                    <span aria-hidden="true">{at + 1}</span>
                    {isFlagged && (
                      <span className={styles.flagMark} aria-hidden="true">
                        ⚑
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ol>
          <p className="muted small">
            {t('exam.take.navigator.progress', {
              answered: list.length - unanswered.length,
              total: list.length,
            })}
          </p>
          <ul className={cx('muted small', styles.legend)} aria-hidden="true">
            <li>
              <span className={cx(styles.swatch, styles.navAnswered)} /> {t('exam.take.navigator.answered')}
            </li>
            <li>
              <span className={styles.swatch} /> {t('exam.take.navigator.unanswered')}
            </li>
            <li>⚑ {t('exam.take.navigator.flagged')}</li>
          </ul>
        </nav>
      </div>

      {asking && (
        <ConfirmDialog
          tone="primary"
          question={t('exam.take.finish.question', { name })}
          details={
            <>
              {unanswered.length > 0 ? (
                <p>
                  {t('exam.take.finish.unanswered', {
                    count: unanswered.length,
                    list: positionsOf(list, unanswered),
                  })}
                </p>
              ) : (
                <p>{t('exam.take.finish.allAnswered')}</p>
              )}
              {flagged.length > 0 && (
                <p>
                  {t('exam.take.finish.flagged', { count: flagged.length, list: positionsOf(list, flagged) })}
                </p>
              )}
              <p>{t('exam.take.finish.final')}</p>
            </>
          }
          action={t('exam.take.finish.action')}
          cancel={t('exam.take.finish.cancel')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void end('finishing');
          }}
        />
      )}
      {ending === 'finishing' && <Spinner label={t('exam.take.finish.sending')} />}
    </section>
  );
}

/** The numbers (1-based positions) of the questions with these indexes, as the student sees them. */
function positionsOf(list: StudentQuestion[], indexes: number[]): string {
  return indexes.map((index) => list.findIndex((item) => item.index === index) + 1).join(', ');
}

function SaveSummary({ unsent, offline }: { unsent: number; offline: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={cx('small', styles.saveSummary)} role="status">
      {unsent === 0
        ? t('exam.take.save.allSaved')
        : offline
          ? t('exam.take.save.kept', { count: unsent })
          : t('exam.take.save.sending', { count: unsent })}
    </p>
  );
}
