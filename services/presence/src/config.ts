import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/** presence's environment variables (documented in .env.example). */
const PresenceEnv = z
  .object({
    PORT: variable.int(3005, { min: 0, max: 65535 }),
    DATABASE_URL: variable.string(),
    JWT_PUBLIC_KEY: variable.pem(),
    INTERNAL_TOKEN: variable.string(),
    TRUSTED_PROXIES: variable.proxies('loopback'),
    /** The check-in throttle's counters and the live classroom's socket.io rooms (Redis adapter) shared by every replica; unset, this process's memory. */
    REDIS_URL: variable.optional(),
    // The blob store (@lms/storage): the attendance exports; local disk under DATA_DIR, or MinIO/S3.
    DATA_DIR: variable.string('.data'),
    S3_ENDPOINT: variable.optional(),
    S3_ACCESS_KEY: variable.optional(),
    S3_SECRET_KEY: variable.optional(),
    S3_BUCKET: variable.string('lms-presence'),
    S3_REGION: variable.optional(),
    S3_PUBLIC_ENDPOINT: variable.optional(),
    BLOB_SIGNING_SECRET: variable.optional(),
  })
  .superRefine(checkBlobEnv);

/** presence's configuration, read once at boot (see .env.example). */
export class PresenceConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `REDIS_URL`: the check-in throttle and the `/socket/crs` rooms shared by the replicas; unset, this process's memory. */
  redisUrl?: string;
  /** Its blob store: MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): PresenceConfig {
    const vars = readEnv('presence', PresenceEnv, env);
    return Object.assign(new PresenceConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      redisUrl: vars.REDIS_URL,
      blobs: blobConfigOf(vars),
    });
  }
}
