import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';
import type { CardReminderSettings } from './contents/card-reminders';

/** project's environment variables (documented in .env.example). */
const ProjectEnv = z
  .object({
    PORT: variable.int(3009, { min: 0, max: 65535 }),
    DATABASE_URL: variable.string(),
    JWT_PUBLIC_KEY: variable.pem(),
    INTERNAL_TOKEN: variable.string(),
    TRUSTED_PROXIES: variable.proxies('loopback'),
    /** The socket.io adapter shared by the replicas (stack mode); unset, this process only. */
    REDIS_URL: variable.optional(),
    /** Largest file of a file content, in bytes. */
    PROJECT_FILE_MAX_BYTES: variable.int(20 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    /** Hours before a card's due date its assignees are reminded, and how often the reminders run. */
    CARD_REMINDER_HOURS: variable.int(24, { min: 1, max: 720 }),
    CARD_REMINDER_INTERVAL_MS: variable.int(60_000, { min: 100, max: 3_600_000 }),
    // The blob store (@lms/storage): the file contents; local disk under DATA_DIR, or MinIO/S3.
    DATA_DIR: variable.string('.data'),
    S3_ENDPOINT: variable.optional(),
    S3_ACCESS_KEY: variable.optional(),
    S3_SECRET_KEY: variable.optional(),
    S3_BUCKET: variable.string('lms-project'),
    S3_REGION: variable.optional(),
    S3_PUBLIC_ENDPOINT: variable.optional(),
    BLOB_SIGNING_SECRET: variable.optional(),
  })
  .superRefine(checkBlobEnv);

/** project's configuration, read once at boot (see .env.example). */
export class ProjectConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `REDIS_URL`: the boards' socket adapter shared by the replicas; unset, this process only. */
  redisUrl?: string;
  /** Largest file of a file content (`PROJECT_FILE_MAX_BYTES`). */
  fileMaxBytes: number;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;
  /** The card reminders: `CARD_REMINDER_HOURS` ahead, every `CARD_REMINDER_INTERVAL_MS`. */
  cardReminders: CardReminderSettings;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ProjectConfig {
    const vars = readEnv('project', ProjectEnv, env);
    return Object.assign(new ProjectConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      redisUrl: vars.REDIS_URL,
      fileMaxBytes: vars.PROJECT_FILE_MAX_BYTES,
      blobs: blobConfigOf(vars),
      cardReminders: { hours: vars.CARD_REMINDER_HOURS, intervalMs: vars.CARD_REMINDER_INTERVAL_MS },
    });
  }
}
