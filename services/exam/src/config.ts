import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/** exam's environment variables (documented in .env.example). */
const ExamEnv = z
  .object({
    PORT: variable.int(3003, { min: 0, max: 65535 }),
    DATABASE_URL: variable.string(),
    JWT_PUBLIC_KEY: variable.pem(),
    INTERNAL_TOKEN: variable.string(),
    TRUSTED_PROXIES: variable.proxies('loopback'),
    /** Largest image a question's text may show (MB). */
    MAX_UPLOAD_MB: variable.int(10, { min: 1, max: 1024 }),
    // The blob store (@lms/storage): question images, exports; local disk under DATA_DIR, or MinIO/S3.
    DATA_DIR: variable.string('.data'),
    S3_ENDPOINT: variable.optional(),
    S3_ACCESS_KEY: variable.optional(),
    S3_SECRET_KEY: variable.optional(),
    S3_BUCKET: variable.string('lms-exam'),
    S3_REGION: variable.optional(),
    S3_PUBLIC_ENDPOINT: variable.optional(),
    BLOB_SIGNING_SECRET: variable.optional(),
    ATTEMPT_SWEEP_INTERVAL_MS: variable.int(5000, { min: 100, max: 3_600_000 }),
    /** The live monitor's sockets: the Redis adapter (every replica's pushes reach every watcher). */
    REDIS_URL: variable.optional(),
  })
  .superRefine(checkBlobEnv);

/** exam's configuration, read once at boot (see .env.example). */
export class ExamConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** Largest question image, in bytes (`MAX_UPLOAD_MB`). */
  maxUploadBytes: number;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;
  /** How often each replica finishes the attempts past their deadline. */
  attemptSweepIntervalMs: number;
  /** `REDIS_URL`: the sockets' Redis adapter and revoked sessions; unset, this process's memory. */
  redisUrl: string | undefined;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ExamConfig {
    const vars = readEnv('exam', ExamEnv, env);
    return Object.assign(new ExamConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      maxUploadBytes: vars.MAX_UPLOAD_MB * 1024 * 1024,
      blobs: blobConfigOf(vars),
      attemptSweepIntervalMs: vars.ATTEMPT_SWEEP_INTERVAL_MS,
      redisUrl: vars.REDIS_URL,
    });
  }
}
