import { CREDENTIAL_LIMITS } from '@lms/auth';

/** Who the gateway says the client is (for the session record). */
const clientRules = { ip: { type: 'string', max: 64 }, user_agent: { type: 'string', max: 1000 } } as const;

/** `POST /internal/auth/login`: credentials for the campus at `host`. */
export const loginRules = {
  host: { type: 'string', required: true, max: 300 },
  username: { type: 'string', required: true, min: 1, max: CREDENTIAL_LIMITS.username },
  password: { type: 'string', required: true, min: 1, max: CREDENTIAL_LIMITS.password },
  ...clientRules,
} as const;

/** `POST /internal/auth/refresh`: rotates the refresh token. */
export const refreshRules = {
  refresh_token: { type: 'string', required: true, min: 1, max: 200 },
  ...clientRules,
} as const;

/** `POST /internal/auth/logout`: ends the refresh token's session. */
export const logoutRules = { refresh_token: { type: 'string', required: true, min: 1, max: 200 } } as const;
