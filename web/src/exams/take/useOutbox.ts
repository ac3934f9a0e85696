import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { serverWallClock } from './clock';
import { Outbox, type OutboxState, type Transport } from './outbox';
import { takeApi } from './takeApi';
import { outcomeOf } from './transport';

/**
 * The outbox of an attempt, sending through the API (so an expired session is renewed first),
 * and the browser's events it follows: the network going and coming back (the banner, a resend
 * at once), and the proctoring signals — tab hidden, window left, offline/online, full screen
 * left — queued like the answers. Leaving the page sends what is held and, with answers still
 * unsent, asks the browser to confirm.
 */
export function useOutbox(attemptId: string, offset: number): { outbox: Outbox; state: OutboxState } {
  const dispatch = useAppDispatch();
  const [outbox] = useState(() => {
    const transport: Transport = {
      saveAnswer: async (entry) => {
        const call = dispatch(
          takeApi.endpoints.saveAnswer.initiate(
            { id: entry.question, answer: entry.answer, seq: entry.seq, flagged: entry.flagged },
            { track: false },
          ),
        );
        const result = await call;
        if ('error' in result && result.error) return outcomeOf(result.error);
        return { kind: 'saved', seq: Number(result.data?.seq ?? entry.seq) };
      },
      sendSignal: async (entry) => {
        const call = dispatch(
          takeApi.endpoints.sendSignal.initiate(
            { attemptId, kind: entry.signal, at: entry.at },
            { track: false },
          ),
        );
        const result = await call;
        if ('error' in result && result.error) return outcomeOf(result.error);
        return { kind: 'saved', seq: 0 };
      },
    };
    return new Outbox(attemptId, transport);
  });
  const state = useSyncExternalStore(outbox.subscribe, outbox.getState);

  useEffect(() => {
    const now = () => serverWallClock(offset);
    outbox.start();
    if (typeof navigator !== 'undefined' && navigator.onLine === false) outbox.wentOffline();
    const online = () => {
      outbox.signal('online', now());
      outbox.retryNow();
    };
    const offline = () => {
      outbox.wentOffline();
      outbox.signal('offline', now());
    };
    const visibility = () => {
      if (document.visibilityState === 'hidden') {
        outbox.release();
        outbox.signal('tab_hidden', now());
      }
    };
    const blur = () => outbox.signal('window_blur', now());
    let fullscreen = Boolean(document.fullscreenElement);
    const fullscreenChange = () => {
      if (fullscreen && !document.fullscreenElement) outbox.signal('fullscreen_exit', now());
      fullscreen = Boolean(document.fullscreenElement);
    };
    const leaving = (event: BeforeUnloadEvent) => {
      outbox.release();
      if (outbox.getState().unsent > 0) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    window.addEventListener('blur', blur);
    window.addEventListener('beforeunload', leaving);
    document.addEventListener('visibilitychange', visibility);
    document.addEventListener('fullscreenchange', fullscreenChange);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      window.removeEventListener('blur', blur);
      window.removeEventListener('beforeunload', leaving);
      document.removeEventListener('visibilitychange', visibility);
      document.removeEventListener('fullscreenchange', fullscreenChange);
      outbox.release();
      outbox.stop();
    };
  }, [outbox, offset]);

  return { outbox, state };
}
