import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/** task's environment variables (documented in .env.example). */
const TaskEnv = z
  .object({
    PORT: variable.int(3004, { min: 0, max: 65535 }),
    DATABASE_URL: variable.string(),
    JWT_PUBLIC_KEY: variable.pem(),
    INTERNAL_TOKEN: variable.string(),
    TRUSTED_PROXIES: variable.proxies('loopback'),
    /** Largest file attached to a task, an answer or a comment (bytes; 20 MB by default). */
    TASK_FILE_MAX_BYTES: variable.int(20 * 1024 * 1024, { min: 1024, max: 1024 * 1024 * 1024 }),
    // The blob store (@lms/storage): the files of tasks, answers and comments; local disk under
    // DATA_DIR, or MinIO/S3.
    DATA_DIR: variable.string('.data'),
    S3_ENDPOINT: variable.optional(),
    S3_ACCESS_KEY: variable.optional(),
    S3_SECRET_KEY: variable.optional(),
    S3_BUCKET: variable.string('lms-task'),
    S3_REGION: variable.optional(),
    S3_PUBLIC_ENDPOINT: variable.optional(),
    BLOB_SIGNING_SECRET: variable.optional(),
  })
  .superRefine(checkBlobEnv);

/** task's configuration, read once at boot (see .env.example). */
export class TaskConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** Largest file of a task, an answer or a comment, in bytes (`TASK_FILE_MAX_BYTES`). */
  fileMaxBytes: number;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): TaskConfig {
    const vars = readEnv('task', TaskEnv, env);
    return Object.assign(new TaskConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      fileMaxBytes: vars.TASK_FILE_MAX_BYTES,
      blobs: blobConfigOf(vars),
    });
  }
}
