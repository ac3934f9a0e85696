import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationServerKey, PUSH_WORKER_URL, registerPush, unregisterPush } from './registerPush';

// the browser's push machinery, which jsdom lacks: a worker registration whose push manager
// hands out one subscription
const token = { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } };
function browser(permission: NotificationPermission, existing = false) {
  const subscription = { toJSON: () => token, unsubscribe: vi.fn(async () => true) };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
  };
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  return { serviceWorker, pushManager, subscription };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerPush', () => {
  it('reads the server’s base64url VAPID key as the bytes of a P-256 point', () => {
    const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
    const bytes = applicationServerKey(key);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('asks permission, registers the push worker, subscribes with the key and sends the subscription', async () => {
    const { serviceWorker, pushManager } = browser('granted');
    const send = vi.fn(async () => null);
    expect(await registerPush('AQID', send)).toBe('subscribed');
    expect(serviceWorker.register).toHaveBeenCalledWith(PUSH_WORKER_URL, { scope: '/' });
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(send).toHaveBeenCalledWith(token);
  });

  it('sends an existing subscription again instead of making a second one', async () => {
    const { pushManager } = browser('granted', true);
    const send = vi.fn(async () => null);
    expect(await registerPush('AQID', send)).toBe('subscribed');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith(token);
  });

  it('sends nothing when the user refuses, or where the browser has no push', async () => {
    const { serviceWorker } = browser('denied');
    const send = vi.fn(async () => null);
    expect(await registerPush('AQID', send)).toBe('denied');
    expect(serviceWorker.register).not.toHaveBeenCalled();
    vi.stubGlobal('isSecureContext', false);
    expect(await registerPush('AQID', send)).toBe('unsupported');
    expect(send).not.toHaveBeenCalled();
  });

  it('unregisters: the server forgets the browser, then the browser drops its subscription', async () => {
    const { subscription } = browser('granted', true);
    const send = vi.fn(async () => null);
    await unregisterPush(send);
    expect(send).toHaveBeenCalledWith(token);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
