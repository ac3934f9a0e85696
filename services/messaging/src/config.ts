import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/** messaging's environment variables (documented in .env.example). */
const MessagingEnv = z
  .object({
    PORT: variable.int(3006, { min: 0, max: 65535 }),
    DATABASE_URL: variable.string(),
    JWT_PUBLIC_KEY: variable.pem(),
    INTERNAL_TOKEN: variable.string(),
    TRUSTED_PROXIES: variable.proxies('loopback'),
    /** The socket.io adapter shared by the replicas (stack mode); unset, this process only. */
    REDIS_URL: variable.optional(),
    /** Largest file attached to a course message, in bytes. */
    MESSAGE_FILE_MAX_BYTES: variable.int(10 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    // The blob store (@lms/storage): the messages' files; local disk under DATA_DIR, or MinIO/S3.
    DATA_DIR: variable.string('.data'),
    S3_ENDPOINT: variable.optional(),
    S3_ACCESS_KEY: variable.optional(),
    S3_SECRET_KEY: variable.optional(),
    S3_BUCKET: variable.string('lms-messaging'),
    S3_REGION: variable.optional(),
    S3_PUBLIC_ENDPOINT: variable.optional(),
    BLOB_SIGNING_SECRET: variable.optional(),
    SMTP_URL: variable.optional(),
    VAPID_PUBLIC_KEY: variable.optional(),
    VAPID_PRIVATE_KEY: variable.optional(),
    VAPID_SUBJECT: variable.string('mailto:lms@localhost'),
    NOTIFICATION_SWEEP_INTERVAL_MS: variable.int(2000, { min: 50, max: 3_600_000 }),
    MAIL_DIGEST_INTERVAL_MS: variable.int(900_000, { min: 50, max: 86_400_000 }),
    EXAM_REMINDER_MINUTES: variable.int(30, { min: 1, max: 10_080 }),
  })
  .superRefine(checkBlobEnv);

/** messaging's configuration, read once at boot (see .env.example). */
export class MessagingConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `REDIS_URL`: the sockets' adapter shared by the replicas; unset, this process only. */
  redisUrl?: string;
  /** Largest file of a course message (`MESSAGE_FILE_MAX_BYTES`). */
  fileMaxBytes: number;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;
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
      redisUrl: vars.REDIS_URL,
      fileMaxBytes: vars.MESSAGE_FILE_MAX_BYTES,
      blobs: blobConfigOf(vars),
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
