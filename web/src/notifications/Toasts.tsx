import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { dismissed, type ShownNotice } from './notificationsSlice';
import styles from './Toasts.module.css';

/** How long a toast stays once nothing holds it: a success reads quickly, a failure needs longer. */
export const SUCCESS_MS = 5000;
export const FAILURE_MS = 8000;

function Toast({ notice, held, onDismiss }: { notice: ShownNotice; held: boolean; onDismiss: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dismiss = () => {
    dispatch(dismissed(notice.id));
    onDismiss();
  };

  // hides itself after a while, but not while the pointer is over the toasts or focus is in them
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(
      () => dispatch(dismissed(notice.id)),
      notice.color === 'success' ? SUCCESS_MS : FAILURE_MS,
    );
    return () => clearTimeout(timer);
  }, [held, notice.id, notice.color, dispatch]);

  const success = notice.color === 'success';
  return (
    <div
      className={`${styles.toast} ${styles[notice.color]}`}
      role={success ? undefined : 'alert'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
    >
      <span className={styles.mark} aria-hidden="true">
        {success ? '✓' : '!'}
      </span>
      <p className={styles.text}>
        {!success && <strong>{notice.title === 'Warning' ? t('notice.warning') : t('notice.error')} </strong>}
        {notice.text}
      </p>
      <button type="button" className={styles.close} aria-label={t('common.dismiss')} onClick={dismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * The toasts: a success after every save (a polite status region) and the failures of calls
 * (spec 01 §8: 'Warning' for 4xx, 'Error' otherwise; announced at once). Each is dismissible (its
 * × button, or Escape inside it) and hides itself after a few seconds, except while the pointer
 * rests on the toasts or keyboard focus is in them. Both live regions are always in the page, so
 * screen readers announce what is added to them.
 */
export function Toasts() {
  const notices = useAppSelector((state) => state.notifications);
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;
  const successes = notices.filter((notice) => notice.color === 'success');
  const failures = notices.filter((notice) => notice.color !== 'success');

  // a toast dismissed by the user takes the focus with it: the others run again until the
  // pointer moves over them
  const release = () => {
    setHovered(false);
    setFocused(false);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      className={styles.toasts}
      aria-label={t('notice.region')}
      onPointerEnter={() => setHovered(true)}
      onPointerMove={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div role="status" aria-live="polite" className={styles.stack}>
        {successes.map((notice) => (
          <Toast key={notice.id} notice={notice} held={held} onDismiss={release} />
        ))}
      </div>
      <div aria-live="assertive" className={styles.stack}>
        {failures.map((notice) => (
          <Toast key={notice.id} notice={notice} held={held} onDismiss={release} />
        ))}
      </div>
    </section>
  );
}
