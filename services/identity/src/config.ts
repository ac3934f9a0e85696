import { z } from 'zod';
import { readEnv, variable } from '@lms/platform';

/** Identity's environment variables (documented in .env.example). */
const IdentityEnv = z.object({
  PORT: variable.int(3001, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  REFRESH_TTL_SECONDS: variable.int(30 * 24 * 3600, { min: 60 }),
  MAX_FAILED_LOGINS: variable.int(5, { min: 1 }),
  LOCKOUT_MINUTES: variable.int(15, { min: 1 }),
  SEED_DEMO: variable.flag(),
  DEMO_PASSWORD: variable.string('lms-demo'),
});

/** Identity's configuration, read once at boot (see .env.example). */
export class IdentityConfig {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  refreshTtlSeconds: number;
  maxFailedLogins: number;
  lockoutMinutes: number;
  seedDemo: boolean;
  demoPassword: string;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
    const vars = readEnv('identity', IdentityEnv, env);
    return Object.assign(new IdentityConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      refreshTtlSeconds: vars.REFRESH_TTL_SECONDS,
      maxFailedLogins: vars.MAX_FAILED_LOGINS,
      lockoutMinutes: vars.LOCKOUT_MINUTES,
      seedDemo: vars.SEED_DEMO,
      demoPassword: vars.DEMO_PASSWORD,
    });
  }
}
