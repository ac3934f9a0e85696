import type { PushToken } from './pushApi';

/** The service worker that shows the pushes (web/public/push-worker.js), served at the site's root. */
export const PUSH_WORKER_URL = '/push-worker.js';

/** What came of asking for push in this browser. */
export type PushOutcome = 'subscribed' | 'denied' | 'unsupported';

/** Whether this browser can receive pushes at all (a secure page with service workers and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A VAPID public key (base64url, as the server gives it) as the bytes `PushManager.subscribe` takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/**
 * Turns browser push on for the signed-in user: asks the user's permission (call it from a click),
 * registers the push worker, subscribes with the server's VAPID key (`push_public_key` of the
 * notification settings) and sends the subscription with `send` (the `pushToken` mutation,
 * action `update`), which also turns the user's push preference on.
 */
export async function registerPush(
  publicKey: string,
  send: (token: PushToken) => Promise<unknown>,
): Promise<PushOutcome> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await send(subscription.toJSON() as PushToken);
  return 'subscribed';
}

/**
 * Stops pushes to this browser: the server forgets its subscription (`send`, action `delete`)
 * and the browser drops it. Turning push off for every browser is the settings' `push: false`.
 */
export async function unregisterPush(send: (token: PushToken) => Promise<unknown>): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_URL);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await send(subscription.toJSON() as PushToken);
  await subscription.unsubscribe();
}
