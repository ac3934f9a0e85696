import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WarningAlert } from '../../layout/WarningAlert';
import { useDates } from '../../lib/dates';
import { notificationFor } from '../../notifications/notification';
import { fileNameOf, saveBlob } from '../download';
import { useLazySebFileQuery } from '../examsApi';
import { useValidateTokenMutation } from './takeApi';
import type { Take } from './takeTypes';
import styles from './take.module.css';

/**
 * The lobby of an exam: its name and instructions, the rules of the attempt (window, time limit,
 * attempts left, going back, order), the token when the exam asks for one, the Safe Exam Browser
 * notice, and why a start is refused — or the button that starts (or resumes) the attempt.
 */
export function Lobby({
  take,
  refusal,
  starting,
  onStart,
}: {
  take: Take;
  refusal: { code?: string; text: string } | null;
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const { exam, meta } = take;
  const name = exam.name || t('exam.untitled');
  const attempt = meta.attempt;
  const resumable = Boolean(attempt && !attempt.is_finished && !attempt.is_stopped && attempt.start_at);
  const needsToken = meta.needs_token && !meta.token_validated;
  // the token form says what the token reason would
  const reasons = meta.reasons.filter((reason) => !(reason.code === 'token_required' && needsToken));

  return (
    <section aria-labelledby="lobby-title" className={styles.lobby}>
      <header className="page-header">
        <div>
          {exam.course?.name && <p className="muted small">{exam.course.name}</p>}
          <h1 id="lobby-title">{name}</h1>
        </div>
        <Link className="button" to={`/exam/${encodeURIComponent(exam.id)}`}>
          {t('exam.take.myResults')}
        </Link>
      </header>

      <div className="card card-body">
        <h2 className="section-title">{t('exam.take.rules.title')}</h2>
        <dl className={styles.rules}>
          <dt>{t('exam.take.rules.window')}</dt>
          <dd>
            {exam.start_at || exam.end_at
              ? `${dates.dateTime(exam.start_at) ?? '…'} – ${dates.dateTime(exam.end_at) ?? '…'}`
              : t('exam.take.rules.anyTime')}
          </dd>
          <dt>{t('exam.take.rules.duration')}</dt>
          <dd>
            {exam.is_duration && exam.duration
              ? t('exam.minutes', { count: exam.duration })
              : t('exam.take.rules.untilClose')}
          </dd>
          <dt>{t('exam.take.rules.attempts')}</dt>
          <dd>
            {meta.retries_left === null || meta.retries_left === undefined
              ? '—'
              : t('exam.take.rules.attemptsLeft', { count: meta.retries_left })}
          </dd>
          <dt>{t('exam.take.rules.navigation')}</dt>
          <dd>{exam.is_back === false ? t('exam.take.rules.noBack') : t('exam.take.rules.back')}</dd>
          <dt>{t('exam.take.rules.order')}</dt>
          <dd>{exam.is_shuffle ? t('exam.take.rules.shuffled') : t('exam.take.rules.fixed')}</dd>
        </dl>
        <p className="muted small">{t('exam.take.rules.saving')}</p>
      </div>

      {exam.intro && (
        <div className="card card-body">
          <h2 className="section-title">{t('exam.take.instructions')}</h2>
          <p className={styles.intro}>{exam.intro}</p>
        </div>
      )}

      {meta.is_safe && <SafeExamNotice examId={exam.id} name={name} />}
      {needsToken && <TokenForm examId={exam.id} />}

      {reasons.length > 0 && !resumable && (
        <div className="alert alert-warning" role="status">
          <p>{t('exam.take.cannotStart')}</p>
          <ul>
            {reasons.map((reason) => (
              <li key={reason.code}>
                {reason.detail || t(`exam.take.reasons.${reason.code}`, { defaultValue: reason.code })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <WarningAlert>
        {refusal &&
          (refusal.text ||
            (refusal.code ? t(`exam.take.reasons.${refusal.code}`, { defaultValue: '' }) : ''))}
      </WarningAlert>

      <p className={styles.startRow}>
        <button
          type="button"
          className="button button-primary"
          disabled={starting || (!resumable && (!meta.can_start || needsToken))}
          onClick={onStart}
        >
          {starting
            ? t('exam.take.starting')
            : resumable
              ? t('exam.take.resume')
              : attempt
                ? t('exam.take.startAgain')
                : t('exam.take.start')}
        </button>
      </p>
    </section>
  );
}

function TokenForm({ examId }: { examId: string }) {
  const { t } = useTranslation();
  const [token, setToken] = useState('');
  const [validate, validating] = useValidateTokenMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const typed = token.trim().toUpperCase();
    if (!typed) {
      setProblem(t('exam.take.token.empty'));
      return;
    }
    validate({ examId, token: typed })
      .unwrap()
      .catch((error: unknown) => setProblem(notificationFor(error, t('exam.take.token.failed')).text));
  };

  return (
    <form className="card card-body" onSubmit={submit} aria-labelledby="token-title" noValidate>
      <h2 id="token-title" className="section-title">
        {t('exam.take.token.title')}
      </h2>
      <p className="muted small">{t('exam.take.token.help')}</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="exam-token">{t('exam.take.token.label')}</label>
          <input
            id="exam-token"
            value={token}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={16}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'exam-token-problem' : undefined}
            onChange={(event) => setToken(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={validating.isLoading}>
          {t('exam.take.token.submit')}
        </button>
      </div>
      {problem && (
        <p id="exam-token-problem" className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function SafeExamNotice({ examId, name }: { examId: string; name: string }) {
  const { t } = useTranslation();
  const [download, downloading] = useLazySebFileQuery();
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <div className="card card-body" role="note" aria-labelledby="seb-title">
      <h2 id="seb-title" className="section-title">
        {t('exam.take.seb.title')}
      </h2>
      <p>{t('exam.take.seb.help')}</p>
      <p>
        <button
          type="button"
          className="button"
          disabled={downloading.isFetching}
          onClick={() => {
            setProblem(null);
            download(examId)
              .unwrap()
              .then((blob) => saveBlob(blob, fileNameOf(name, 'seb')))
              .catch(() => setProblem(t('exam.take.seb.unavailable')));
          }}
        >
          {t('exam.take.seb.download')}
        </button>
      </p>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
