import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../layout/WarningAlert';
import { notificationFor } from '../notifications/notification';
import { fileNameOf, saveBlob } from './download';
import type { Exam } from './examTypes';
import { useCreateTokenMutation, useLazySebFileQuery } from './examsApi';
import styles from './exams.module.css';

/** Token length and lifetime the server accepts (spec 02 §3 exam token). */
export const TOKEN_LENGTH = { min: 4, max: 16 };

/** The token settings' problem, if any: a whole length within bounds and a lifetime of a minute or more. */
export function tokenProblem(length: string, duration: string): 'tokenLength' | 'tokenDuration' | null {
  if (!/^\d+$/.test(length) || +length < TOKEN_LENGTH.min || +length > TOKEN_LENGTH.max) return 'tokenLength';
  if (!/^\d+$/.test(duration) || +duration < 1) return 'tokenDuration';
  return null;
}

/** Makes the exam's token (`POST /exam/exams/token`) and shows it for the lecturer to read out. */
export function TokenSettings({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  const [create, state] = useCreateTokenMutation();
  const [length, setLength] = useState(String(exam.token_length ?? 6));
  const [duration, setDuration] = useState(String(exam.token_duration ?? 15));
  const [reconnect, setReconnect] = useState(Boolean(exam.token_reconnect));
  const [token, setToken] = useState(exam.token ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = tokenProblem(length.trim(), duration.trim());

  const generate = () => {
    setFailure(null);
    if (problem) return;
    create({
      exam_id: Number(exam.id),
      token_length: Number(length),
      token_duration: Number(duration),
      token_reconnect: reconnect,
    })
      .unwrap()
      .then((made) => setToken(made.token))
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <div role="group" aria-labelledby="token-title">
      <p id="token-title" className="small">
        <strong>{t('exam.token.title')}</strong>
      </p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="token-length">{t('exam.token.length')}</label>
          <input
            id="token-length"
            inputMode="numeric"
            value={length}
            aria-invalid={problem === 'tokenLength' || undefined}
            aria-describedby={problem === 'tokenLength' ? 'token-problem' : undefined}
            onChange={(event) => setLength(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="token-duration">{t('exam.token.duration')}</label>
          <input
            id="token-duration"
            inputMode="numeric"
            value={duration}
            aria-invalid={problem === 'tokenDuration' || undefined}
            aria-describedby={problem === 'tokenDuration' ? 'token-problem' : undefined}
            onChange={(event) => setDuration(event.target.value)}
          />
        </div>
      </div>
      <label className={styles.switch}>
        <input type="checkbox" checked={reconnect} onChange={(event) => setReconnect(event.target.checked)} />
        <span>{t('exam.token.reconnect')}</span>
      </label>
      {problem && (
        <p id="token-problem" className={styles.problem}>
          {t(`exam.problems.${problem}`, { min: TOKEN_LENGTH.min, max: TOKEN_LENGTH.max })}
        </p>
      )}
      <p className="row-actions">
        <button
          type="button"
          className="button"
          disabled={Boolean(problem) || state.isLoading}
          onClick={generate}
        >
          {token ? t('exam.token.regenerate') : t('exam.token.generate')}
        </button>
        {token && (
          <span>
            {t('exam.token.current')} <output className={styles.token}>{token}</output>
          </span>
        )}
      </p>
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}

/** The exam's Safe Exam Browser configuration (`.seb`), once the exam is saved in SEB mode. */
export function SebDownload({ exam, saved }: { exam: Exam; saved: boolean }) {
  const { t } = useTranslation();
  const [fetchFile, state] = useLazySebFileQuery();
  const [failure, setFailure] = useState<string | null>(null);

  const download = () => {
    setFailure(null);
    fetchFile(exam.id)
      .unwrap()
      .then((blob) => saveBlob(blob, fileNameOf(exam.name, 'seb')))
      .catch((error: unknown) => setFailure(notificationFor(error).text));
  };

  return (
    <div>
      <p className="muted small">{t('exam.seb.help')}</p>
      <button type="button" className="button" disabled={!saved || state.isFetching} onClick={download}>
        {state.isFetching ? t('exam.seb.downloading') : t('exam.seb.download')}
      </button>
      {!saved && <p className="muted small">{t('exam.seb.saveFirst')}</p>}
      <WarningAlert>{failure}</WarningAlert>
    </div>
  );
}
