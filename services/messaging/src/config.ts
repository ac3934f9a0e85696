import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** messaging's environment variables (documented in .env.example). */
const MessagingEnv = z.object({
  PORT: variable.int(3006, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  SMTP_URL: variable.optional(),
  VAPID_PUBLIC_KEY: variable.optional(),
  VAPID_PRIVATE_KEY: variable.optional(),
  VAPID_SUBJECT: variable.string('mailto:lms@localhost'),
  NOTIFICATION_SWEEP_INTERVAL_MS: variable.int(2000, { min: 50, max: 3_600_000 }),
  MAIL_DIGEST_INTERVAL_MS: variable.int(900_000, { min: 50, max: 86_400_000 }),
  EXAM_REMINDER_MINUTES: variable.int(30, { min: 1, max: 10_080 }),
});

/** messaging's configuration, read once at boot (see .env.example). */
export class MessagingConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `SMTP_URL`: where the notification digests are sent; unset, each mail is logged instead. */
  smtpUrl: string | undefined;
  /** Web Push's VAPID keys (base64url, `npx web-push generate-vapid-keys`); unset: no browser push. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** Milliseconds between two passes of the push sender, the exam reminders and the digest. */
  sweepIntervalMs: number;
  /** A user receives at most one digest per this many milliseconds. */
  digestIntervalMs: number;
  /** Minutes before an exam's start its students are told it is about to start. */
  examReminderMinutes: number;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
    const vars = readEnv('messaging', MessagingEnv, env);
    return Object.assign(new MessagingConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      smtpUrl: vars.SMTP_URL,
      vapid:
        vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY
          ? {
              publicKey: vars.VAPID_PUBLIC_KEY,
              privateKey: vars.VAPID_PRIVATE_KEY,
              subject: vars.VAPID_SUBJECT,
            }
          : null,
      sweepIntervalMs: vars.NOTIFICATION_SWEEP_INTERVAL_MS,
      digestIntervalMs: vars.MAIL_DIGEST_INTERVAL_MS,
      examReminderMinutes: vars.EXAM_REMINDER_MINUTES,
    });
  }
}
