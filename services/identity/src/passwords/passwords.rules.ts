import { CREDENTIAL_LIMITS } from '@lms/auth';
import { attributes, field } from '@lms/jsonapi';

/** A new password: at least 8 characters (NIST SP 800-63B), at most what a sign-in carries. */
export const newPassword = field.string({ min: 8, max: CREDENTIAL_LIMITS.password });

/** `POST /api/account/password/forgot`: the address a reset link goes to. */
export const forgotRules = attributes({ email: field.email({ max: 254 }) });

/** `POST /api/account/password/reset`: the token of the link and the new password. */
export const resetRules = attributes({
  token: field.string({ min: 1, max: 200 }),
  password: newPassword,
});

/** `POST /api/account/password`: the signed-in user changes their password. */
export const changeRules = attributes({
  current_password: field.string({ min: 1, max: CREDENTIAL_LIMITS.password }),
  password: newPassword,
});
