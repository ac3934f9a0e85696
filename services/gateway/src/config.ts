import { resolve } from 'node:path';
import { z } from 'zod';
import { readEnv, variable } from '@lms/platform';
import { SERVICES, type ServiceName } from './routing/routes';

/** The gateway's environment variables (documented in .env.example). */
const GatewayEnv = z.object({
  PORT: variable.int(8080, { min: 0, max: 65535 }),
  HOST: variable.string('0.0.0.0'),
  /** `<SERVICE>_URL`: base URL of each built service; identity's is required. */
  ...Object.fromEntries(SERVICES.map((name) => [`${name.toUpperCase()}_URL`, variable.httpUrl()])),
  IDENTITY_URL: variable.httpUrl().pipe(z.string({ error: 'is required' })),
  JWT_PRIVATE_KEY: variable.pem(),
  ACCESS_TTL_SECONDS: variable.int(900, { min: 10 }),
  INTERNAL_TOKEN: variable.string(),
  WEB_DIST: variable.string(resolve(__dirname, '../../../web/dist')),
  LOGIN_ATTEMPTS_PER_MINUTE: variable.int(10, { min: 1 }),
  TENANT_CACHE_SECONDS: variable.int(60, { min: 0 }),
  REDIS_URL: variable.optional(),
});

/** The gateway's configuration, read once at boot (see .env.example). */
export class GatewayConfig {
  port: number;
  host: string;
  /** Base URL of each built service; a service without one answers 503. */
  services: Partial<Record<ServiceName, string>>;
  jwtPrivateKey: string;
  accessTtlSeconds: number;
  internalToken: string;
  webDist: string;
  loginAttemptsPerMinute: number;
  tenantCacheSeconds: number;
  /** Shared counters and cache of all replicas (stack mode); memory when unset. */
  redisUrl: string | undefined;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
    const vars = readEnv('gateway', GatewayEnv, env) as z.output<typeof GatewayEnv> & Record<string, unknown>;
    const services: Partial<Record<ServiceName, string>> = {};
    for (const name of SERVICES) {
      const url = vars[`${name.toUpperCase()}_URL`];
      if (typeof url === 'string') services[name] = url.replace(/\/$/, '');
    }
    return Object.assign(new GatewayConfig(), {
      port: vars.PORT,
      host: vars.HOST,
      services,
      jwtPrivateKey: vars.JWT_PRIVATE_KEY,
      accessTtlSeconds: vars.ACCESS_TTL_SECONDS,
      internalToken: vars.INTERNAL_TOKEN,
      webDist: resolve(vars.WEB_DIST),
      loginAttemptsPerMinute: vars.LOGIN_ATTEMPTS_PER_MINUTE,
      tenantCacheSeconds: vars.TENANT_CACHE_SECONDS,
      redisUrl: vars.REDIS_URL,
    });
  }
}
