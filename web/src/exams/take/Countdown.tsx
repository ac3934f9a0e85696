import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/classNames';
import { formatRemaining, remainingMs } from './clock';
import styles from './take.module.css';

/** Moments announced to a screen reader (ms left): 10, 5 and 1 minute. */
const WARNINGS = [600_000, 300_000, 60_000];

/**
 * The time left on the server's clock (`offset` from the lobby's `server_time`), every second;
 * the last five minutes stand out, 10, 5 and 1 minute left are announced, and `onZero` runs once
 * when it reaches 0. Nothing when the attempt has no deadline.
 */
export function Countdown({
  endAt,
  offset,
  onZero,
}: {
  endAt: string | null;
  offset: number;
  onZero: () => void;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => remainingMs(endAt, offset));
  const [announced, setAnnounced] = useState<string>('');
  const zero = useRef(onZero);
  const ended = useRef(false);
  const warned = useRef(new Set<number>());

  useEffect(() => {
    zero.current = onZero;
  }, [onZero]);

  useEffect(() => {
    const tick = () => {
      const now = remainingMs(endAt, offset);
      setLeft(now);
      if (now === null) return;
      for (const mark of WARNINGS) {
        if (now <= mark && now > mark - 60_000 && !warned.current.has(mark)) {
          warned.current.add(mark);
          setAnnounced(t('exam.take.timer.warning', { count: Math.round(mark / 60_000) }));
        }
      }
      if (now === 0 && !ended.current) {
        ended.current = true;
        zero.current();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endAt, offset, t]);

  if (left === null) return null;
  return (
    <div className={cx(styles.timer, left <= 300_000 && styles.timerLow)}>
      <span className="muted small">{t('exam.take.timer.label')}</span>{' '}
      <time role="timer" aria-live="off" dateTime={`PT${Math.ceil(left / 1000)}S`}>
        {formatRemaining(left)}
      </time>
      <span className="sr-only" role="status">
        {announced}
      </span>
    </div>
  );
}
