import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';
import { blobConfigOf, checkBlobEnv, type ServiceBlobConfig } from '@lms/storage';

/** Identity's environment variables (documented in .env.example). */
const IdentityVariables = z.object({
  PORT: variable.int(3001, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  REFRESH_TTL_SECONDS: variable.int(30 * 24 * 3600, { min: 60 }),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  REDIS_URL: variable.optional(),
  SMTP_URL: variable.optional(),
  // The national higher-education registry (nidn / nim checks); unset, the check says so.
  REGISTRY_URL: variable.httpUrl(),
  REGISTRY_TOKEN: variable.optional(),
  // Seals the secrets identity stores (campuses' OpenID client secrets); unset, a key kept under DATA_DIR/keys.
  SECRETS_KEY: variable.optional(),
  // The blob store (@lms/storage): users' avatars; local disk under DATA_DIR, or MinIO/S3.
  DATA_DIR: variable.string('.data'),
  S3_ENDPOINT: variable.optional(),
  S3_ACCESS_KEY: variable.optional(),
  S3_SECRET_KEY: variable.optional(),
  S3_BUCKET: variable.string('lms-identity'),
  S3_REGION: variable.optional(),
  S3_PUBLIC_ENDPOINT: variable.optional(),
  BLOB_SIGNING_SECRET: variable.optional(),
});
const IdentityEnv = IdentityVariables.superRefine(checkBlobEnv);

/** Identity's configuration, read once at boot (see .env.example). */
export class IdentityConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  refreshTtlSeconds: number;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `REDIS_URL`: the list of ended sessions shared with the gateway; unset, this process's memory (all-in-one). */
  redisUrl?: string;
  /** `SMTP_URL`: where mail (password-reset links) is sent; unset, each mail is logged instead. */
  smtpUrl?: string;
  /** The national higher-education registry: `REGISTRY_URL` (unset: not configured) and `REGISTRY_TOKEN`. */
  registry: { url?: string; token?: string };
  /** Its blob store (avatars): MinIO/S3 when `S3_ENDPOINT` is set, else files under DATA_DIR. */
  blobs: ServiceBlobConfig;
  /** `SECRETS_KEY`: the key material that seals stored secrets; unset, a key kept under DATA_DIR/keys. */
  secretsKey?: string;

  /** `DATABASE_URL` alone, for the operators' command (`npm run campus`). */
  static databaseUrlFromEnv(env: NodeJS.ProcessEnv): string {
    return readEnv('identity', IdentityVariables.pick({ DATABASE_URL: true }), env).DATABASE_URL;
  }

  static fromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
    const vars = readEnv('identity', IdentityEnv, env);
    return Object.assign(new IdentityConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      refreshTtlSeconds: vars.REFRESH_TTL_SECONDS,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      redisUrl: vars.REDIS_URL,
      smtpUrl: vars.SMTP_URL,
      registry: { url: vars.REGISTRY_URL, token: vars.REGISTRY_TOKEN },
      blobs: blobConfigOf(vars),
      secretsKey: vars.SECRETS_KEY,
    });
  }
}
