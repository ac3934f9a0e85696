import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { dismissed } from './notificationsSlice';

const SHOWN_MS = 6000;

/** Notifications of failed calls (spec 01 §8): 'Warning' for 4xx, 'Error' otherwise. */
export function Toasts() {
  const notices = useAppSelector((state) => state.notifications);
  const dispatch = useAppDispatch();

  useEffect(() => {
    const timers = notices.map((notice) => setTimeout(() => dispatch(dismissed(notice.id)), SHOWN_MS));
    return () => timers.forEach(clearTimeout);
  }, [notices, dispatch]);

  return (
    <div className="toasts" aria-live="assertive">
      {notices.map((notice) => (
        <div key={notice.id} className={`toast toast-${notice.color}`} role="alert">
          <strong>{notice.title}</strong>
          <span>{notice.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dispatch(dismissed(notice.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
