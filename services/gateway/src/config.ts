import { resolve } from 'node:path';
import { ConfigReader } from '@lms/platform';
import { SERVICES, type ServiceName } from './routing/routes';

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
    const read = new ConfigReader(env);
    const services: Partial<Record<ServiceName, string>> = {};
    for (const name of SERVICES) {
      const url = read.optional(`${name.toUpperCase()}_URL`);
      if (url) services[name] = url.replace(/\/$/, '');
    }
    const config = Object.assign(new GatewayConfig(), {
      port: read.int('PORT', 8080),
      host: read.string('HOST', '0.0.0.0'),
      services,
      jwtPrivateKey: read.string('JWT_PRIVATE_KEY').replace(/\\n/g, '\n'),
      accessTtlSeconds: read.int('ACCESS_TTL_SECONDS', 900),
      internalToken: read.string('INTERNAL_TOKEN'),
      webDist: resolve(read.string('WEB_DIST', resolve(__dirname, '../../../web/dist'))),
      loginAttemptsPerMinute: read.int('LOGIN_ATTEMPTS_PER_MINUTE', 10),
      tenantCacheSeconds: read.int('TENANT_CACHE_SECONDS', 60),
      redisUrl: read.optional('REDIS_URL'),
    });
    if (!config.services.identity)
      throw new Error('gateway: invalid configuration: IDENTITY_URL is required');
    read.done('gateway');
    return config;
  }
}
