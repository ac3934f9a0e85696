import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { z } from 'zod';
import { readEnv, TrustedProxies, variable } from '@lms/platform';
import type { SignInThrottleSettings } from './auth/sign-in-throttle';
import { SERVICES, type ServiceName, urlVariable } from './routing/routes';

/** The gateway's environment variables (documented in .env.example). */
const GatewayEnv = z.object({
  PORT: variable.int(8080, { min: 0, max: 65535 }),
  HOST: variable.string('0.0.0.0'),
  /** `<SERVICE>_URL`: base URL of each built service; identity's is required. */
  ...Object.fromEntries(SERVICES.map((name) => [urlVariable(name), variable.httpUrl()])),
  IDENTITY_URL: variable.httpUrl().pipe(z.string({ error: 'is required' })),
  JWT_PRIVATE_KEY: variable.pem(),
  ACCESS_TTL_SECONDS: variable.int(900, { min: 10, max: 24 * 3600 }),
  INTERNAL_TOKEN: variable.string(),
  WEB_DIST: variable.string(resolve(__dirname, '../../../web/dist')),
  LOGIN_FREE_FAILURES: variable.int(5, { min: 1 }),
  LOGIN_MAX_DELAY_SECONDS: variable.int(900, { min: 1 }),
  LOGIN_ADDRESS_FAILURES: variable.int(1000, { min: 1 }),
  LOGIN_ADDRESS_WINDOW_SECONDS: variable.int(900, { min: 1 }),
  TENANT_CACHE_SECONDS: variable.int(60, { min: 0 }),
  REDIS_URL: variable.optional(),
  /** The proxies in front (ingress); the gateway faces the browsers itself by default. */
  TRUSTED_PROXIES: variable.proxies('none'),
});

/**
 * A service running in the gateway's own process (`npm start`): the request listener of its HTTP
 * server, to which the gateway hands a client's request and response instead of proxying them.
 */
export type LocalService = (request: IncomingMessage, response: ServerResponse) => void;

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
  /** Sign-in throttling (ADR 0004). */
  signIn: SignInThrottleSettings;
  tenantCacheSeconds: number;
  /** Shared counters and cache of all replicas (stack mode); memory when unset. */
  redisUrl: string | undefined;
  /**
   * The proxies in front of the gateway (ingress, load balancer) whose X-Forwarded-For/-Host/
   * -Proto are believed; nobody's by default, as the gateway faces the browsers itself.
   */
  trustedProxies: TrustedProxies;
  /**
   * Services of this process, served by hand-off (`ProxyHandler`); set by the all-in-one
   * platform, never from the environment. Any other service is proxied over HTTP.
   */
  localServices: Partial<Record<ServiceName, LocalService>> = {};

  static fromEnv(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
    const vars = readEnv('gateway', GatewayEnv, env) as z.output<typeof GatewayEnv> & Record<string, unknown>;
    const services: Partial<Record<ServiceName, string>> = {};
    for (const name of SERVICES) {
      const url = vars[urlVariable(name)];
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
      signIn: {
        freeFailures: vars.LOGIN_FREE_FAILURES,
        maxDelaySeconds: vars.LOGIN_MAX_DELAY_SECONDS,
        addressFailures: vars.LOGIN_ADDRESS_FAILURES,
        addressWindowSeconds: vars.LOGIN_ADDRESS_WINDOW_SECONDS,
      },
      tenantCacheSeconds: vars.TENANT_CACHE_SECONDS,
      redisUrl: vars.REDIS_URL,
      trustedProxies: vars.TRUSTED_PROXIES,
    });
  }
}
