import { z } from 'zod';
import { type ForwardingTrust, readEnv, type ServiceConfigBase, variable } from '@lms/platform';

/** survey's environment variables (documented in .env.example). */
const SurveyEnv = z.object({
  PORT: variable.int(3007, { min: 0, max: 65535 }),
  DATABASE_URL: variable.string(),
  JWT_PUBLIC_KEY: variable.pem(),
  INTERNAL_TOKEN: variable.string(),
  TRUSTED_PROXIES: variable.proxies('loopback'),
  /** Fewest responses a course survey needs before its lecturer sees any breakdown (anonymity). */
  SURVEY_MIN_RESPONSES: variable.int(5, { min: 1, max: 1000 }),
});

/** survey's configuration, read once at boot (see .env.example). */
export class SurveyConfig implements ServiceConfigBase {
  port: number;
  databaseUrl: string;
  jwtPublicKey: string;
  internalToken: string;
  /** Whose client address and host are believed: TRUSTED_PROXIES (loopback) and the gateway. */
  forwarding: ForwardingTrust;
  /**
   * `SURVEY_MIN_RESPONSES`: below this many responses a course survey's results show counts only,
   * no means, distributions or suggestions, so that a small class's answers stay unattributable.
   */
  minResponses: number;

  static fromEnv(env: NodeJS.ProcessEnv = process.env): SurveyConfig {
    const vars = readEnv('survey', SurveyEnv, env);
    return Object.assign(new SurveyConfig(), {
      port: vars.PORT,
      databaseUrl: vars.DATABASE_URL,
      jwtPublicKey: vars.JWT_PUBLIC_KEY,
      internalToken: vars.INTERNAL_TOKEN,
      forwarding: { proxies: vars.TRUSTED_PROXIES, gatewayToken: vars.INTERNAL_TOKEN },
      minResponses: vars.SURVEY_MIN_RESPONSES,
    });
  }
}
