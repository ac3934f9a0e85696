/**
 * A username as identity stores and looks it up: without surrounding spaces, lower-case
 * (sign-in is case-insensitive). The gateway counts sign-in failures under the same name.
 */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The longest username and password a sign-in may carry (characters): identity stores usernames
 * of at most 100; the gateway refuses longer ones with a 422 before counting anything.
 */
export const CREDENTIAL_LIMITS = { username: 100, password: 1000 } as const;
