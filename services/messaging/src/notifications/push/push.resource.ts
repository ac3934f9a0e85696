import { defineResource, z } from '@lms/jsonapi';

/** A registered browser (a Web Push subscription), by the push service's address. */
export interface PushToken {
  id: number;
  endpoint: string;
  platform: 'web';
  createdAt: Date;
}

export const pushTokenResource = defineResource({
  name: 'PushToken',
  type: 'notification-tokens',
  schema: { platform: z.enum(['web']), endpoint: z.string(), created_at: z.date() },
  attributes: (token: PushToken) => ({
    platform: token.platform,
    endpoint: token.endpoint,
    created_at: token.createdAt,
  }),
});

/** A user's notification choices, and the key a browser subscribes with (null: no push here). */
export interface NotificationSettingsView {
  userId: number;
  push: boolean;
  mail: boolean;
  mailAddress: string | null;
  publicKey: string | null;
}

export const notificationSettingsResource = defineResource({
  name: 'NotificationSettings',
  type: 'notification-settings',
  id: (settings: NotificationSettingsView) => settings.userId,
  schema: {
    push: z.boolean(),
    mail: z.boolean(),
    /** Where the digest goes: the profile's notification e-mail (null: no digest). */
    notification_email: z.string().nullable(),
    /** The VAPID public key (base64url) for `PushManager.subscribe`; null when push is not configured. */
    push_public_key: z.string().nullable(),
  },
  attributes: (settings: NotificationSettingsView) => ({
    push: settings.push,
    mail: settings.mail,
    notification_email: settings.mailAddress,
    push_public_key: settings.publicKey,
  }),
});
