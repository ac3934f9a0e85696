import { CREDENTIAL_LIMITS } from '@lms/auth';

/** `POST /api/user/auth/login`: checked before anything is counted, stored or sent to identity. */
export const loginRules = {
  username: { type: 'string', required: true, min: 1, max: CREDENTIAL_LIMITS.username },
  password: { type: 'string', required: true, min: 1, max: CREDENTIAL_LIMITS.password },
} as const;
