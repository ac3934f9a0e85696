/** What the join form reads: the token alone names the class (and its course). */
export type JoinProblem = 'token';

/** Reads a token as typed or pasted: spaces removed, upper-cased, 1–32 characters. */
export function readJoinToken(
  text: string,
): { ok: true; token: string } | { ok: false; problem: JoinProblem } {
  const token = text.replace(/\s+/g, '').toUpperCase();
  if (token.length < 1 || token.length > 32) return { ok: false, problem: 'token' };
  return { ok: true, token };
}

/**
 * The join link a lecturer hands out: the course list (a route every role has, spec 01 §2) with
 * the token, which joins the student's class once they are signed in.
 */
export function joinLink(origin: string, token: string): string {
  return `${origin}/courses?${new URLSearchParams({ token }).toString()}`;
}
