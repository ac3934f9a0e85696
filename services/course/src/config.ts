import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/**
 * The university's academic information system (SIAKAD-like) that courses, classes and rosters
 * are synced from (`POST /api/sync/sync/syncByCourse`; the JSON it must answer is in
 * docs/operations.md, "Academic-system sync").
 */
export interface AcademicSyncConfig {
  /** `ACADEMIC_SYNC_URL`: base URL of its course API; unset, the sync answers 503. */
  url?: string;
  /** `ACADEMIC_SYNC_TOKEN`: sent as `Authorization: Bearer …`; unset, no credential is sent. */
  token?: string;
  /** `ACADEMIC_SYNC_TIMEOUT_MS`: how long one call may take, answer included (default 10 000). */
  timeoutMs: number;
}

/** The course service's environment variables (documented in .env.example). */
const CourseVariables = z.object({
  PORT: variable.int(3002, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  MAX_UPLOAD_MB: variable.int(100, { min: 1, max: 1024 }),
  // The blob store (@lms/storage): local disk under DATA_DIR, or MinIO/S3.
  DATA_DIR: variable.string('.data'),
  S3_ENDPOINT: variable.optional(),
  S3_ACCESS_KEY: variable.optional(),
  S3_SECRET_KEY: variable.optional(),
  S3_BUCKET: variable.string('lms-course'),
  S3_REGION: variable.optional(),
  S3_PUBLIC_ENDPOINT: variable.optional(),
  BLOB_SIGNING_SECRET: variable.optional(),
  ACADEMIC_SYNC_URL: variable.httpUrl(),
  ACADEMIC_SYNC_TOKEN: variable.optional(),
  // Below the gateway's 60 s wait for an answer, so the caller gets our 504 rather than its own.
  ACADEMIC_SYNC_TIMEOUT_MS: variable.int(10_000, { min: 100, max: 50_000 }),
  /** The gateway's; with it the gateway's X-Forwarded-* (client address, campus host) are believed. */
  INTERNAL_TOKEN: variable.optional(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  REDIS_URL: variable.optional(),
});
const CourseEnv = CourseVariables.superRefine(checkBlobEnv);

/** The course service's configuration, read once at boot (see .env.example). */
export class CourseConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  /** Largest file a multipart upload may carry, in bytes (`MAX_UPLOAD_MB`). */
  maxUploadBytes: number;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;
  academicSync: AcademicSyncConfig;
  /** `REDIS_URL`: shared short-lived state (view counting windows); unset, this process's memory. */
  redisUrl?: string;
  /**
   * Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway,
   * which proves itself with INTERNAL_TOKEN.
   */
  forwarding: ForwardingTrust;

  /** `DATABASE_URL` alone, for the operators' command (`npm run structure`). */
  static databaseUrlFromEnv(env: NodeJS.ProcessEnv): string {
    return readEnv('course', CourseVariables.pick({ DATABASE_URL: true }), env).DATABASE_URL;
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): CourseConfig {
    const vars = readEnv('course', CourseEnv, env);
    return Object.assign(new CourseConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      maxUploadBytes: vars.MAX_UPLOAD_MB * 1024 * 1024,
      blobs: blobConfigOf(vars),
      redisUrl: vars.REDIS_URL,
      academicSync: {
        url: vars.ACADEMIC_SYNC_URL,
        token: vars.ACADEMIC_SYNC_TOKEN,
        timeoutMs: vars.ACADEMIC_SYNC_TIMEOUT_MS,
      },
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
    });
  }
}
