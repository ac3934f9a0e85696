import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** Identity's environment variables (documented in .env.example). */
const IdentityEnv = z.object({
  PORT: variable.int(3001, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  REFRESH_TTL_SECONDS: variable.int(30 * 24 * 3600, { min: 60 }),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  REDIS_URL: variable.optional(),
  SMTP_URL: variable.optional(),
});

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

  /** `DATABASE_URL` alone, for the operators' command (`npm run campus`). */
  static databaseUrlFromEnv(env: NodeJS.ProcessEnv): string {
    return readEnv('identity', IdentityEnv.pick({ DATABASE_URL: true }), env).DATABASE_URL;
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
    });
  }
}
