/**
 * A username as identity stores and looks it up: without surrounding spaces, lower-case
 * (sign-in is case-insensitive). The gateway counts sign-in failures under the same name.
 */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
