import { isIP } from 'node:net';
import { attributes, type AttributesOf, field, z } from '@lms/jsonapi';

/** A push service's address: https, or http to this machine (a developer's or a test's push service). */
const endpoint = field.string({ max: 1000 }).refine((value) => {
  try {
    const url = new URL(value);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const local = host === 'localhost' || (isIP(host) !== 0 && (host.startsWith('127.') || host === '::1'));
    return url.protocol === 'https:' || (url.protocol === 'http:' && local);
  } catch {
    return false;
  }
}, 'must be an https address of a push service');

/**
 * `POST /v2/notification/notifications/tokens` (spec 01 §7: `{data: {action: update, platform:
 * web, token}}`): `token` is the browser's `PushSubscription.toJSON()`; `update` registers it (again),
 * `delete` forgets it.
 */
export const pushTokenRules = attributes({
  action: field.enum(['update', 'delete']),
  platform: field.enum(['web']),
  token: z.object({
    endpoint,
    expirationTime: z.number().nullable().optional(),
    keys: field.object({ p256dh: field.string({ max: 200 }), auth: field.string({ max: 100 }) }),
  }),
});
export type PushTokenInput = AttributesOf<typeof pushTokenRules>;

/** `PATCH /v2/notification/notifications/settings`: browser push and the mail digest on or off. */
export const notificationSettingsRules = attributes({
  push: field.boolean().optional(),
  mail: field.boolean().optional(),
});
export type NotificationSettingsInput = AttributesOf<typeof notificationSettingsRules>;
