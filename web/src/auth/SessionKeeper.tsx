import { useEffect } from 'react';
import { api } from '../api/baseApi';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { loggedOut, refreshDelay, sessionEndDelay } from './authSlice';

/**
 * Keeps the session per spec 01 §4: renews the access token silently a minute before it expires,
 * and ends the session when its window (expirationDate) closes, which sends the user to the login page.
 */
export function SessionKeeper() {
  const stored = useAppSelector((state) => state.auth.stored);
  const dispatch = useAppDispatch();

  useEffect(() => {
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const refreshIn = refreshDelay(stored);
    if (refreshIn !== null) {
      timers.push(
        setTimeout(
          () => void dispatch(api.endpoints.refreshSession.initiate(undefined, { track: false })),
          refreshIn,
        ),
      );
    }
    const endIn = sessionEndDelay(stored);
    if (endIn !== null) timers.push(setTimeout(() => dispatch(loggedOut()), endIn));
    return () => timers.forEach(clearTimeout);
  }, [stored, dispatch]);

  return null;
}
