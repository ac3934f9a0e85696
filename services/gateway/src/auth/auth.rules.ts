import { attributes, field } from '@lms/jsonapi';
import { CREDENTIAL_LIMITS } from '@lms/auth';

/** `POST /api/user/auth/login`: checked before anything is counted, stored or sent to identity. */
export const loginRules = attributes(
  {
    username: field.string({ min: 1, max: CREDENTIAL_LIMITS.username }),
    password: field.string({ min: 1, max: CREDENTIAL_LIMITS.password }),
  },
  { unknown: 'strip' },
);

/** `POST /api/sso/authorize`: `prompt=select_account` lets the person pick (or add) another account. */
export const ssoAuthorizeRules = attributes(
  { prompt: field.enum(['login', 'select_account']).optional() },
  { unknown: 'strip' },
);

/** `POST /api/sso/callback`: what the provider sent the browser back to `/callback` with. */
export const ssoCallbackRules = attributes(
  { code: field.string({ min: 1, max: 2000 }), state: field.string({ min: 1, max: 200 }) },
  { unknown: 'strip' },
);

/** `POST /webhook/sso`: the provider's back-channel logout (a form with `logout_token`). */
export const backchannelLogoutRules = attributes(
  { logout_token: field.string({ min: 1, max: 20_000 }) },
  { unknown: 'strip' },
);
