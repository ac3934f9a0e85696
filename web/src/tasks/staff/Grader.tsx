import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatSize } from '../../courses/content/media';
import { Spinner } from '../../layout/Spinner';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { RichText } from '../../lib/richtext/RichText';
import { notificationFor } from '../../notifications/notification';
import { useRequestChangeMutation, useScoreAnswerMutation, useTaskAnswerQuery } from '../api';
import { answerFilePath, useOpenFile } from '../files';
import { CommentsThread } from '../student/CommentsThread';
import type { RubricChoice, Task, TaskAnswer, TaskStudent } from '../taskTypes';
import { parseScore, pointOf, rubricScore } from './grading';
import styles from './staff.module.css';

/**
 * One student's (or group's) answer, graded as in SpeedGrader: the text and files (each opens; a
 * PDF also in the annotation screen), the score typed ("" is 0) or the rubric's levels chosen, a
 * change request with a comment, the conversation with the student(s) (comments with files), and previous/next (Alt+← / Alt+→) through the rows listed.
 */
export function Grader({
  task,
  row,
  position,
  count,
  onMove,
  onClose,
}: {
  task: Task;
  row: TaskStudent;
  position: number;
  count: number;
  onMove: (step: -1 | 1) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const answerId = row.answer ? String(row.answer.id) : null;
  const answer = useTaskAnswerQuery(answerId ?? '', { skip: answerId === null });
  const who = row.group ? `${row.group.name} (${row.student.name})` : row.student.name;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey) return;
      if (event.key === 'ArrowLeft' && position > 0) {
        event.preventDefault();
        onMove(-1);
      } else if (event.key === 'ArrowRight' && position < count - 1) {
        event.preventDefault();
        onMove(1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [position, count, onMove]);

  return (
    <section className={`card card-body ${styles.grader}`} aria-labelledby="grader-title">
      <header className={styles.graderHead}>
        <div>
          <h2 id="grader-title" className="section-title">
            {who}
          </h2>
          <p className="muted small">
            {row.student.username}
            {row.student.class ? ` · ${row.student.class}` : ''} ·{' '}
            {t('task.staff.submissions.position', { n: position + 1, count })}
          </p>
        </div>
        <p className="row-actions">
          <button
            type="button"
            className="button small"
            disabled={position === 0}
            aria-keyshortcuts="Alt+ArrowLeft"
            onClick={() => onMove(-1)}
          >
            {t('task.staff.submissions.previous')}
          </button>
          <button
            type="button"
            className="button small"
            disabled={position >= count - 1}
            aria-keyshortcuts="Alt+ArrowRight"
            onClick={() => onMove(1)}
          >
            {t('task.staff.submissions.next')}
          </button>
          <button type="button" className="button small" onClick={onClose}>
            {t('task.staff.submissions.close')}
          </button>
        </p>
      </header>
      {answerId === null ? (
        <p className="muted">{t('task.staff.submissions.noAnswer')}</p>
      ) : answer.isLoading ? (
        <Spinner label={t('task.staff.submissions.loadingAnswer')} />
      ) : !answer.data ? (
        <p role="alert">{notificationFor(answer.error, t('task.staff.submissions.answerFailed')).text}</p>
      ) : (
        <AnswerView
          key={answer.data.id}
          task={task}
          answer={answer.data}
          who={who}
          group={row.group !== null}
        />
      )}
    </section>
  );
}

function AnswerView({
  task,
  answer,
  who,
  group,
}: {
  task: Task;
  answer: TaskAnswer;
  who: string;
  group: boolean;
}) {
  const { t } = useTranslation();
  const { dateTime } = useDates();
  const { open, opening } = useOpenFile();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className={styles.answer}>
      <p>
        {answer.is_sent ? (
          <span className={answer.is_late ? 'badge badge-warning' : 'badge'}>
            {answer.is_late ? t('task.staff.states.late') : t('task.staff.states.sent')}
            {answer.sent_at ? ` · ${dateTime(answer.sent_at)}` : ''}
          </span>
        ) : (
          <span className="badge badge-muted">{t('task.staff.states.draft')}</span>
        )}
      </p>
      <h3 className={styles.subTitle}>{t('task.staff.submissions.text')}</h3>
      {answer.answer ? (
        <RichText html={answer.answer} className={styles.answerText} />
      ) : (
        <p className="muted">{t('task.staff.submissions.noText')}</p>
      )}
      <h3 className={styles.subTitle}>{t('task.staff.submissions.files')}</h3>
      {answer.files.length === 0 ? (
        <p className="muted">{t('task.staff.submissions.noFiles')}</p>
      ) : (
        <ul className="plain-list">
          {answer.files.map((file) => (
            <li key={file.key} className="list-row">
              <span>
                {file.name} <span className="muted small">· {formatSize(file.size)}</span>
              </span>
              <span className="row-actions">
                <button
                  type="button"
                  className="button small"
                  disabled={opening !== null}
                  aria-label={t('task.staff.files.openNamed', { name: file.name })}
                  onClick={() =>
                    void open(answerFilePath(answer.id, file.key)).then(
                      (error) => error && setFailure(notificationFor(error).text),
                    )
                  }
                >
                  {t('task.staff.files.open')}
                </button>
                {file.mime === 'application/pdf' && (
                  <Link
                    className="button small"
                    to={`/assignment/annotate-pdf/${encodeURIComponent(answer.id)}?file=${encodeURIComponent(file.key)}`}
                    aria-label={t('task.staff.submissions.annotateNamed', { name: file.name })}
                  >
                    {t('task.staff.submissions.annotate')}
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <WarningAlert>{failure}</WarningAlert>
      {answer.comment && (
        <p className="muted small">
          {t('task.staff.submissions.lastComment')}: {answer.comment}
        </p>
      )}
      {task.assesment_method === 'rubric' && task.rubric ? (
        <RubricGrid task={task} answer={answer} who={who} />
      ) : (
        <ScoreForm task={task} answer={answer} who={who} />
      )}
      {answer.is_sent && <ChangeRequest task={task} answer={answer} who={who} group={group} />}
      <CommentsThread answerId={answer.id} />
    </div>
  );
}

/** The score typed: 0 is a score, "" counts as 0 (spec 02 §5), anything else 0–100. */
function ScoreForm({ task, answer, who }: { task: Task; answer: TaskAnswer; who: string }) {
  const { t } = useTranslation();
  const [save, state] = useScoreAnswerMutation();
  const [typed, setTyped] = useState(answer.score === null ? '' : String(answer.score));
  const [failure, setFailure] = useState<string | null>(null);
  const score = parseScore(typed);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (score === null) return;
    save({ taskId: task.id, answer_id: answer.id, name: who, score })
      .unwrap()
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };
  return (
    <form
      className={styles.scoreForm}
      onSubmit={submit}
      aria-label={t('task.staff.submissions.scoreOf', { name: who })}
    >
      <div className="field">
        <label htmlFor="grader-score">{t('task.staff.submissions.score')}</label>
        <input
          id="grader-score"
          inputMode="decimal"
          value={typed}
          aria-invalid={score === null ? true : undefined}
          aria-describedby="grader-score-help"
          onChange={(event) => setTyped(event.target.value)}
        />
        <span id="grader-score-help" className={score === null ? styles.problem : 'muted small'}>
          {score === null ? t('task.staff.problems.scoreRange') : t('task.staff.submissions.scoreHelp')}
        </span>
      </div>
      <button type="submit" className="button button-primary" disabled={score === null || state.isLoading}>
        {t('task.staff.submissions.saveScore')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}

/** A level per criterion; the score follows (Σ weight × point / 100) and is saved with the levels. */
function RubricGrid({ task, answer, who }: { task: Task; answer: TaskAnswer; who: string }) {
  const { t } = useTranslation();
  const rubric = task.rubric!;
  const [save, state] = useScoreAnswerMutation();
  const [choices, setChoices] = useState<RubricChoice[]>(answer.rubrics ?? []);
  const [failure, setFailure] = useState<string | null>(null);
  const score = rubricScore(rubric, choices);
  const choose = (criterion: number, level: number) =>
    setChoices((now) => [...now.filter((item) => item.criterion !== criterion), { criterion, level }]);
  return (
    <form
      className={styles.rubricGrid}
      aria-label={t('task.staff.submissions.rubricOf', { name: who })}
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        if (score === null) return;
        save({ taskId: task.id, answer_id: answer.id, name: who, rubrics: choices })
          .unwrap()
          .catch((error: unknown) => setFailure(notificationFor(error).text));
      }}
    >
      {rubric.criteria.map((criterion, c) => {
        const chosen = choices.find((item) => item.criterion === c);
        return (
          <fieldset key={c} className={styles.criterionChoice}>
            <legend>
              {criterion.name}{' '}
              <span className="muted small">
                · {t('task.staff.rubric.weightOf', { weight: criterion.weight })}
              </span>
            </legend>
            {criterion.description && <p className="muted small">{criterion.description}</p>}
            <div className={styles.levelChoices}>
              {criterion.levels.map((level, l) => (
                <label key={l} className={styles.levelChoice}>
                  <input
                    type="radio"
                    name={`rubric-${c}`}
                    checked={chosen?.level === l}
                    onChange={() => choose(c, l)}
                  />
                  <span>
                    {level.name} <strong>{level.point}</strong>
                  </span>
                </label>
              ))}
            </div>
            {chosen && (
              <span className="sr-only">
                {t('task.staff.rubric.pointOf', { point: pointOf(rubric, chosen) })}
              </span>
            )}
          </fieldset>
        );
      })}
      <p className="row-actions">
        <span className="badge" aria-live="polite">
          {score === null
            ? t('task.staff.submissions.chooseEvery')
            : t('task.staff.submissions.rubricScore', { score })}
        </span>
        <button type="submit" className="button button-primary" disabled={score === null || state.isLoading}>
          {t('task.staff.submissions.saveScore')}
        </button>
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}

/** Sends the answer back to draft with the grader's comment: the student(s) change it and send again. */
function ChangeRequest({
  task,
  answer,
  who,
  group,
}: {
  task: Task;
  answer: TaskAnswer;
  who: string;
  group: boolean;
}) {
  const { t } = useTranslation();
  const [request, state] = useRequestChangeMutation();
  const [comment, setComment] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <form
      className={styles.changeRequest}
      aria-label={t('task.staff.submissions.changeOf', { name: who })}
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        if (!comment.trim()) return;
        request({ taskId: task.id, answerId: answer.id, name: who, comment: comment.trim(), group })
          .unwrap()
          .then(() => setComment(''))
          .catch((error: unknown) => setFailure(notificationFor(error).text));
      }}
    >
      <div className="field">
        <label htmlFor="grader-change">{t('task.staff.submissions.changeComment')}</label>
        <textarea
          id="grader-change"
          rows={3}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <span className="muted small">{t('task.staff.submissions.changeHelp')}</span>
      </div>
      <button type="submit" className="button" disabled={!comment.trim() || state.isLoading}>
        {t('task.staff.submissions.requestChange')}
      </button>
      <WarningAlert>{failure}</WarningAlert>
    </form>
  );
}
