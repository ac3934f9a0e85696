import { attributes, field } from '@lms/jsonapi';
import { CREDENTIAL_LIMITS } from '@lms/auth';

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

/** `POST /internal/auth/logout`: ends the refresh token's session. */
export const logoutRules = attributes({ refresh_token: field.string({ min: 1, max: 200 }) });
