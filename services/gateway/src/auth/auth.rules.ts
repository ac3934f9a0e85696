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
