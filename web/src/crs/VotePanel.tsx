import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../layout/InputField';
import { WarningAlert } from '../layout/WarningAlert';
import { useClockOffset, useNow } from '../lib/serverClock';
import { notificationFor } from '../notifications/notification';
import { clock, DEFAULT_ANSWER_SCORE, secondsLeft, VOTE_TYPES, type Vote, type VoteType } from './crsTypes';
import type { RoomSend } from './crsSocket';
import { VoteBars } from './VoteBars';
import styles from './crs.module.css';

const MAX_ANSWERS = 10;
const DEFAULT_DURATION = 60;

/**
 * The room's votes: a host starts one (question, one or several answers, each answer's score,
 * how long it stays open) and sees its results grow as the students answer; a student answers an
 * open vote once and then sees how the room answered.
 */
export function VotePanel({
  votes,
  host,
  live,
  send,
}: {
  votes: Vote[];
  host: boolean;
  live: boolean;
  send: RoomSend;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="votes-title" className="card card-body">
      <h2 id="votes-title" className="section-title">
        {t('crs.vote.title')}
      </h2>
      {host && live && <NewVoteForm send={send} />}
      {votes.length === 0 ? (
        <p className="muted">{t(host ? 'crs.vote.noneHost' : 'crs.vote.none')}</p>
      ) : (
        <ol className="plain-list">
          {votes.map((vote) => (
            <li key={vote.id}>
              <VoteCard vote={vote} host={host} live={live} send={send} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function NewVoteForm({ send }: { send: RoomSend }) {
  const { t } = useTranslation();
  const id = useId();
  const [question, setQuestion] = useState('');
  const [type, setType] = useState<VoteType>('single');
  const [answers, setAnswers] = useState([
    { answer: '', score: String(DEFAULT_ANSWER_SCORE) },
    { answer: '', score: String(DEFAULT_ANSWER_SCORE) },
  ]);
  const [duration, setDuration] = useState(String(DEFAULT_DURATION));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setAnswer = (index: number, patch: Partial<(typeof answers)[number]>) =>
    setAnswers((now) => now.map((item, at) => (at === index ? { ...item, ...patch } : item)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = answers.filter((item) => item.answer.trim());
    const seconds = Number(duration);
    if (!question.trim()) return setProblem(t('crs.vote.problems.question'));
    if (filled.length < 2) return setProblem(t('crs.vote.problems.answers'));
    if (filled.some((item) => !/^\d+$/.test(item.score.trim())))
      return setProblem(t('crs.vote.problems.score'));
    if (!Number.isInteger(seconds) || seconds < 5 || seconds > 3600)
      return setProblem(t('crs.vote.problems.duration'));
    setProblem(null);
    setBusy(true);
    try {
      await send('newVote', {
        question: question.trim(),
        type,
        answers: filled.map((item) => ({ answer: item.answer.trim(), score: Number(item.score) })),
        duration: seconds,
      });
      setQuestion('');
      setAnswers(answers.map(() => ({ answer: '', score: String(DEFAULT_ANSWER_SCORE) })));
    } catch (error) {
      setProblem(notificationFor(error, t('crs.noAnswer')).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className={styles.newVote}>
      <summary>{t('crs.vote.new')}</summary>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('crs.vote.new')}>
        <InputField
          id={`${id}-question`}
          label={t('crs.vote.question')}
          value={question}
          onChange={setQuestion}
          maxLength={1000}
          required
        />
        <fieldset className={styles.voteType}>
          <legend>{t('crs.vote.type')}</legend>
          {VOTE_TYPES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-type`}
                value={value}
                checked={type === value}
                onChange={() => setType(value)}
              />{' '}
              {t(`crs.vote.types.${value}`)}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('crs.vote.answers')}</legend>
          <ol className="plain-list">
            {answers.map((item, index) => (
              <li key={index} className={styles.answerRow}>
                <InputField
                  id={`${id}-answer-${index}`}
                  label={t('crs.vote.answerN', { n: index + 1 })}
                  value={item.answer}
                  onChange={(value) => setAnswer(index, { answer: value })}
                  maxLength={500}
                  fieldClassName={`field ${styles.grow}`}
                />
                <InputField
                  id={`${id}-score-${index}`}
                  label={t('crs.vote.scoreN', { n: index + 1 })}
                  value={item.score}
                  onChange={(value) => setAnswer(index, { score: value })}
                  inputMode="numeric"
                  fieldClassName={`field ${styles.score}`}
                />
              </li>
            ))}
          </ol>
          {answers.length < MAX_ANSWERS && (
            <button
              type="button"
              className="button small"
              onClick={() =>
                setAnswers((now) => [...now, { answer: '', score: String(DEFAULT_ANSWER_SCORE) }])
              }
            >
              {t('crs.vote.addAnswer')}
            </button>
          )}
        </fieldset>
        <InputField
          id={`${id}-duration`}
          label={t('crs.vote.duration')}
          value={duration}
          onChange={setDuration}
          inputMode="numeric"
          fieldClassName={`field ${styles.score}`}
        />
        <WarningAlert>{problem}</WarningAlert>
        <p className="row-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('crs.vote.start')}
          </button>
        </p>
      </form>
    </details>
  );
}

/** One vote: its question, the time left, the answer form while a student may answer, the results. */
function VoteCard({ vote, host, live, send }: { vote: Vote; host: boolean; live: boolean; send: RoomSend }) {
  const { t } = useTranslation();
  const id = useId();
  const now = useNow({ every: 1000 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(vote.ends_at, now, useClockOffset() ?? 0);
  const open = vote.is_open && left > 0;
  const answered = vote.my_answer !== null;
  const mayAnswer = !host && live && open && !answered;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setFailure(t('crs.vote.problems.choose'));
    setFailure(null);
    setBusy(true);
    try {
      await send('answerVote', {
        vote_id: Number(vote.id),
        answer: vote.vote_type === 'single' ? chosen[0] : chosen,
      });
    } catch (error) {
      setFailure(notificationFor(error, t('crs.noAnswer')).text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article aria-labelledby={`${id}-q`} className={styles.voteCard}>
      <h3 id={`${id}-q`} className={styles.question}>
        {vote.question}
      </h3>
      <p className="muted small">
        {open ? t('crs.vote.left', { time: clock(left) }) : t('crs.vote.closed')}
        {' · '}
        {t(`crs.vote.types.${vote.vote_type}`)}
      </p>
      {mayAnswer ? (
        <form onSubmit={(event) => void submit(event)}>
          <fieldset>
            <legend className="sr-only">{vote.question}</legend>
            {vote.answers.map((answer, index) => (
              <label key={`${index}-${answer.answer}`} className={styles.choice}>
                <input
                  type={vote.vote_type === 'single' ? 'radio' : 'checkbox'}
                  name={`${id}-answer`}
                  checked={chosen.includes(index)}
                  onChange={(event) =>
                    setChosen((now) =>
                      vote.vote_type === 'single'
                        ? [index]
                        : event.target.checked
                          ? [...now, index]
                          : now.filter((item) => item !== index),
                    )
                  }
                />{' '}
                {answer.answer}
              </label>
            ))}
          </fieldset>
          <WarningAlert>{failure}</WarningAlert>
          <button type="submit" className="button button-primary small" disabled={busy}>
            {t('crs.vote.send')}
          </button>
        </form>
      ) : (
        <>
          {answered && !host && <p>{t('crs.vote.answered', { score: vote.my_score ?? 0 })}</p>}
          {(host || answered || !open) && <VoteBars vote={vote} />}
        </>
      )}
    </article>
  );
}
