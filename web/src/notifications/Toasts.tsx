import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { dismissed } from './notificationsSlice';
import styles from './Toasts.module.css';

const SHOWN_MS = 6000;

/** Notifications of failed calls (spec 01 §8): 'Warning' for 4xx, 'Error' otherwise. */
export function Toasts() {
  const notices = useAppSelector((state) => state.notifications);
  const dispatch = useAppDispatch();
  const { t } = useTranslation();

  useEffect(() => {
    const timers = notices.map((notice) => setTimeout(() => dispatch(dismissed(notice.id)), SHOWN_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, dispatch]);

  return (
    <div className={styles.toasts} aria-live="assertive">
      {notices.map((notice) => (
        <div key={notice.id} className={`${styles.toast} ${styles[notice.color]}`} role="alert">
          <strong>{notice.title === 'Warning' ? t('notice.warning') : t('notice.error')}</strong>
          <span>{notice.text}</span>
          <button
            type="button"
            aria-label={t('common.dismiss')}
            onClick={() => dispatch(dismissed(notice.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
