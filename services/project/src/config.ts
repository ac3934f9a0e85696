import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** project's environment variables (documented in .env.example). */
const ProjectEnv = z.object({
  PORT: variable.int(3009, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  /** The socket.io adapter shared by the replicas (stack mode); unset, this process only. */
  REDIS_URL: variable.optional(),
});

/** project's configuration, read once at boot (see .env.example). */
export class ProjectConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /** `REDIS_URL`: the boards' socket adapter shared by the replicas; unset, this process only. */
  redisUrl?: string;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): ProjectConfig {
    const vars = readEnv('project', ProjectEnv, env);
    return Object.assign(new ProjectConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      redisUrl: vars.REDIS_URL,
    });
  }
}
