import type { IncomingHttpHeaders } from 'node:http';
import { type AuthContext, InvalidTokenError, type TokenVerifier } from '@lms/auth';

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

/** `Campus.Example.ac.id:8080` → `campus.example.ac.id` (as identity stores domains). */
export function normalizeHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : trimmed.split(':')[0];
  return withoutPort.replace(/\.$/, '');
}

/**
 * The host the browser connected to: the `x-forwarded-host` the gateway sets, else the request's
 * own `host` (as for HTTP requests). Only the first entry of a list counts.
 */
export function handshakeHost(headers: IncomingHttpHeaders): string {
  const header = headers['x-forwarded-host'] ?? headers.host ?? '';
  const value = Array.isArray(header) ? header[0] : header;
  return normalizeHost(value.split(',')[0] ?? '');
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
 * Checks a handshake as the gateway and the services check an HTTP request: a valid access
 * token, issued for the campus served at the host the client connected to.
 */
export async function authenticateHandshake(
  handshake: HandshakeLike,
  verifier: TokenVerifier,
  campusOfHost: (host: string) => Promise<number | null>,
): Promise<AuthContext> {
  const token = handshakeToken(handshake);
  if (!token) throw new HandshakeRefused('Sign in first: no access token was sent');
  let auth: AuthContext;
  try {
    auth = await verifier.verify(token);
  } catch (error) {
    throw new HandshakeRefused(error instanceof InvalidTokenError ? error.message : 'Token is invalid');
  }
  const host = handshakeHost(handshake.headers);
  let campus: number | null;
  try {
    campus = host ? await campusOfHost(host) : null;
  } catch {
    throw new HandshakeRefused('The campus could not be checked; try again', 503);
  }
  if (campus === null) throw new HandshakeRefused(`No campus is served at ${host || 'this address'}`);
  if (campus !== auth.tenantId) throw new HandshakeRefused('This token was issued for another campus');
  return auth;
}
