import { useTranslation } from 'react-i18next';
import type { Vote } from './crsTypes';
import styles from './crs.module.css';

/** How many chose each answer of a vote, as bars with their numbers (the reader's own answer marked). */
export function VoteBars({ vote }: { vote: Vote }) {
  const { t } = useTranslation();
  const mine = new Set(vote.my_answer ?? []);
  return (
    <ul className={styles.bars} aria-label={t('crs.vote.results', { count: vote.total })}>
      {vote.answers.map((answer, index) => {
        const share = vote.total > 0 ? Math.round((answer.count / vote.total) * 100) : 0;
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
            <span className={styles.barCount}>{t('crs.vote.count', { count: answer.count, share })}</span>
          </li>
        );
      })}
    </ul>
  );
}
