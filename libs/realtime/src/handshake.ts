import type { IncomingHttpHeaders } from 'node:http';
import {
  type AuthContext,
  browserHost,
  InvalidTokenError,
  type RevokedSessions,
  type TokenVerifier,
} from '@lms/auth';

/** Why a handshake was refused: the message the client's `connect_error` carries. */
export class HandshakeRefused extends Error {
  constructor(
    message: string,
    readonly status: 401 | 503 = 401,
  ) {
    super(message);
  }
}

/** What socket.io tells a middleware about the handshake (the part we read). */
export interface HandshakeLike {
  headers: IncomingHttpHeaders;
  auth: Record<string, unknown>;
}

/** The access token: `auth.token` of the handshake (browsers), else `Authorization: Bearer`. */
export function handshakeToken(handshake: HandshakeLike): string | undefined {
  const fromAuth = handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth.trim()) return fromAuth.trim().replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new HandshakeRefused('Authorization header must be "Bearer <token>"');
  return match[1];
}

/**
 * Checks a handshake as the gateway checks a proxied request: a valid access token, of a
 * session that has not ended (logout, refresh-token reuse: the shared `RevokedSessions`), issued
 * for the campus served at the host the client connected to.
 */
export async function authenticateHandshake(
  handshake: HandshakeLike,
  verifier: TokenVerifier,
  campusOfHost: (host: string) => Promise<number | null>,
  revoked: Pick<RevokedSessions, 'isRevoked'>,
): Promise<AuthContext> {
  const token = handshakeToken(handshake);
  if (!token) throw new HandshakeRefused('Sign in first: no access token was sent');
  let auth: AuthContext;
  try {
    auth = await verifier.verify(token);
  } catch (error) {
    throw new HandshakeRefused(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
  }
  const host = browserHost(handshake.headers);
  let ended: boolean;
  let campus: number | null;
  try {
    // The list first, then the campus: a session revoked after this read is caught once the
    // socket is in its room (RealtimeAdapter).
    ended = await revoked.isRevoked(auth.sessionId);
    campus = ended || !host ? null : await campusOfHost(host);
  } catch {
    throw new HandshakeRefused('The campus or the session could not be checked; try again', 503);
  }
  if (ended) throw new HandshakeRefused('This session has ended; sign in again');
  if (campus === null) throw new HandshakeRefused(`No campus is served at ${host || 'this address'}`);
  if (campus !== auth.tenantId) throw new HandshakeRefused('This token was issued for another campus');
  return auth;
}
