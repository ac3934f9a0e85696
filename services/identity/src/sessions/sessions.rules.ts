import { attributes, field } from '@lms/jsonapi';
import { CREDENTIAL_LIMITS } from '@lms/auth';
import { SSO_PROMPTS } from '../sso/sso.settings';

/** Who the gateway says the client is (for the session record). */
const clientRules = {
  ip: field.string({ max: 64 }).optional(),
  user_agent: field.string({ max: 1000 }).optional(),
};

/** `POST /internal/auth/login`: credentials for the campus at `host`. */
export const loginRules = attributes({
  host: field.string({ max: 300 }),
  username: field.string({ min: 1, max: CREDENTIAL_LIMITS.username }),
  password: field.string({ min: 1, max: CREDENTIAL_LIMITS.password }),
  ...clientRules,
});

/** `POST /internal/auth/refresh`: rotates the refresh token. */
export const refreshRules = attributes({
  refresh_token: field.string({ min: 1, max: 200 }),
  ...clientRules,
});

/**
 * `POST /internal/auth/logout`: ends the refresh token's session; `origin` (the browser's) is where
 * the campus's provider sends the person back after its own logout, for a session it opened.
 */
export const logoutRules = attributes({
  refresh_token: field.string({ min: 1, max: 200 }),
  origin: field.string({ max: 320, pattern: /^https?:\/\/[^\s/?#]+$/ }).optional(),
});

/** `POST /internal/sso/start`: a sign-in at the provider of the campus at `host`, answered to `origin`. */
export const ssoStartRules = attributes({
  host: field.string({ max: 300 }),
  origin: field.string({ max: 320, pattern: /^https?:\/\/[^\s/?#]+$/ }),
  prompt: field.enum(SSO_PROMPTS).optional(),
});

/** `POST /internal/sso/callback`: the provider's answer to a sign-in. */
export const ssoCallbackRules = attributes({
  host: field.string({ max: 300 }),
  code: field.string({ min: 1, max: 2000 }),
  state: field.string({ min: 1, max: 200 }),
  ...clientRules,
});

/** `POST /internal/sso/logout`: the provider's back-channel logout token for the campus at `host`. */
export const ssoLogoutRules = attributes({
  host: field.string({ max: 300 }),
  logout_token: field.string({ min: 1, max: 20_000 }),
});
