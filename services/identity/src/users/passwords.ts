import { randomBytes } from 'node:crypto';
import { Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * The password hash of an account that has no password yet (imported, or registered through a
 * campus's identity provider): no password matches it. Its owner sets one by the password reset.
 */
export const NO_PASSWORD = '!';

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // an account without a password takes as long to refuse as a wrong password
  if (passwordHash === NO_PASSWORD) return verifyDecoy(password);
  return verify(passwordHash, password).catch(() => false);
}

/**
 * A hash of a password nobody has, verified when the username is unknown so that a wrong
 * username takes as long as a wrong password.
 */
let decoy: Promise<string> | null = null;
export function prepareDecoy(): Promise<string> {
  decoy ??= hashPassword(`decoy-${randomBytes(16).toString('hex')}`);
  return decoy;
}

export async function verifyDecoy(password: string): Promise<false> {
  await verifyPassword(await prepareDecoy(), password);
  return false;
}
