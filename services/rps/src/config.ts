import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** rps's environment variables (documented in .env.example). */
const RpsEnv = z.object({
  PORT: variable.int(3008, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
});

/** rps's configuration, read once at boot (see .env.example). */
export class RpsConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): RpsConfig {
    const vars = readEnv('rps', RpsEnv, env);
    return Object.assign(new RpsConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
    });
  }
}
