import { ConfigReader } from '@lms/platform';

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
    const read = new ConfigReader(env);
    const config = Object.assign(new IdentityConfig(), {
      port: read.int('PORT', 3001),
      databaseUrl: read.string('DATABASE_URL'),
      jwtPublicKey: read.string('JWT_PUBLIC_KEY').replace(/\\n/g, '\n'),
      internalToken: read.string('INTERNAL_TOKEN'),
      refreshTtlSeconds: read.int('REFRESH_TTL_SECONDS', 30 * 24 * 3600),
      maxFailedLogins: read.int('MAX_FAILED_LOGINS', 5),
      lockoutMinutes: read.int('LOCKOUT_MINUTES', 15),
      seedDemo: read.flag('SEED_DEMO'),
      demoPassword: read.string('DEMO_PASSWORD', 'lms-demo'),
    });
    read.done('identity');
    return config;
  }
}
