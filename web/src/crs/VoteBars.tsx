import { useTranslation } from 'react-i18next';
import type { Vote } from './crsTypes';
import styles from './crs.module.css';

/**
 * How many chose each answer of a vote, as bars with their numbers (the reader's own answer
 * marked); nothing while the server keeps the counts from the reader (an open vote not answered).
 */
export function VoteBars({ vote }: { vote: Vote }) {
  const { t } = useTranslation();
  const mine = new Set(vote.my_answer ?? []);
  const total = vote.total;
  if (total === null) return null;
  return (
    <ul className={styles.bars} aria-label={t('crs.vote.results', { count: total })}>
      {vote.answers.map((answer, index) => {
        const count = answer.count ?? 0;
        const share = total > 0 ? Math.round((count / total) * 100) : 0;
        return (
          <li key={`${index}-${answer.answer}`} className={styles.barRow}>
            <span className={styles.barLabel}>
              {answer.answer}
              {mine.has(index) && <span className="badge">{t('crs.vote.yours')}</span>}
              {answer.score !== null && (
                <span className="muted small"> · {t('crs.vote.points', { count: answer.score })}</span>
              )}
            </span>
            <span className={styles.barTrack} aria-hidden="true">
              <span className={styles.bar} style={{ width: `${share}%` }} />
            </span>
            <span className={styles.barCount}>{t('crs.vote.count', { count, share })}</span>
          </li>
        );
      })}
    </ul>
  );
}
