import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';

export type PlatformRole = 'student' | 'lecturer' | 'admin' | 'lptk';
export const PLATFORM_ROLES: readonly PlatformRole[] = ['student', 'lecturer', 'admin', 'lptk'];

/** Who is calling, as the gateway vouched for it in the access token. */
export interface AuthContext {
  userId: number;
  tenantId: number;
  role: PlatformRole;
  studentId: number | null;
  lecturerId: number | null;
  /** The refresh-token family (session) the access token was issued from. */
  sessionId: string;
  /** The campus's time zone: dates on the wire are local to it. */
  timeZone: string;
}

const ISSUER = 'lms-gateway';
const AUDIENCE = 'lms-api';
const ALGORITHM = 'EdDSA';

export class InvalidTokenError extends Error {}

/** Signs short-lived access tokens with the gateway's Ed25519 private key. */
export class TokenIssuer {
  readonly publicKeyPem: string;

  constructor(
    private readonly privateKey: KeyObject,
    readonly ttlSeconds: number,
  ) {
    this.publicKeyPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  }

  static fromPem(privateKeyPem: string, ttlSeconds: number): TokenIssuer {
    return new TokenIssuer(createPrivateKey(privateKeyPem), ttlSeconds);
  }

  async issue(claims: AuthContext): Promise<string> {
    return new SignJWT({
      tid: claims.tenantId,
      role: claims.role,
      student_id: claims.studentId,
      lecturer_id: claims.lecturerId,
      sid: claims.sessionId,
      tz: claims.timeZone,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.privateKey);
  }
}

export interface TokenVerifierOptions {
  /** Most verified tokens remembered (oldest forgotten first); 10 000 by default. */
  maxCached?: number;
}

interface Verified {
  auth: AuthContext;
  /** When the token expires (its `exp`, ms since the epoch). */
  expiresAt: number;
}

/**
 * Verifies access tokens locally with the gateway's public key: no call to identity per request.
 * A client sends the same token on every call until it expires, so a token that verified is
 * remembered (by its full text, signature included) until its `exp`: later calls with it skip
 * the Ed25519 check, which dominated the CPU of a proxied read (bench/course-list/README.md).
 * Only valid tokens are remembered, at most `maxCached`; a revoked session is the business of
 * the revocation check, which runs on every request whether or not the token was remembered.
 */
export class TokenVerifier {
  /** The verifier of each public key this process uses (`forKey`), by the key's DER bytes. */
  private static readonly byKey = new Map<string, TokenVerifier>();

  /**
   * The one verifier of this process for `publicKeyPem`: the gateway and the services of the
   * all-in-one process check the same tokens with the same key, so each token's signature is
   * checked once there, not once per application it passes through (a student's first request
   * went through the Ed25519 check twice: a fifth of a start's CPU, bench/exam-day/README.md).
   * Sharing changes no verdict: a verifier holds nothing but its key and the tokens it found valid.
   */
  static forKey(publicKeyPem: string): TokenVerifier {
    const id = createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');
    let verifier = TokenVerifier.byKey.get(id);
    if (!verifier) TokenVerifier.byKey.set(id, (verifier = new TokenVerifier(publicKeyPem)));
    return verifier;
  }

  private readonly publicKey: KeyObject;
  private readonly maxCached: number;
  private readonly verified = new Map<string, Verified>();

  constructor(publicKeyPem: string, options: TokenVerifierOptions = {}) {
    this.publicKey = createPublicKey(publicKeyPem);
    this.maxCached = options.maxCached ?? 10_000;
  }

  /** How many verified tokens are remembered now. */
  get cachedCount(): number {
    return this.verified.size;
  }

  async verify(token: string): Promise<AuthContext> {
    const hit = this.verified.get(token);
    if (hit) {
      if (Date.now() < hit.expiresAt) return hit.auth;
      this.verified.delete(token);
      throw new InvalidTokenError('Token has expired');
    }
    const { auth, expiresAt } = await this.verifySignature(token);
    if (this.verified.size >= this.maxCached) this.forgetSome();
    this.verified.set(token, { auth, expiresAt });
    return auth;
  }

  private async verifySignature(token: string): Promise<Verified> {
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: [ALGORITHM],
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      const role = payload.role as PlatformRole;
      if (
        !Number.isSafeInteger(userId) ||
        !Number.isSafeInteger(payload.tid) ||
        !PLATFORM_ROLES.includes(role)
      ) {
        throw new InvalidTokenError('Token claims are malformed');
      }
      const auth: AuthContext = Object.freeze({
        userId,
        tenantId: payload.tid as number,
        role,
        studentId: (payload.student_id as number | null) ?? null,
        lecturerId: (payload.lecturer_id as number | null) ?? null,
        sessionId: String(payload.sid ?? ''),
        timeZone: typeof payload.tz === 'string' ? payload.tz : 'UTC',
      });
      return { auth, expiresAt: (payload.exp as number) * 1000 };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new InvalidTokenError('Token has expired');
      throw new InvalidTokenError('Token is invalid');
    }
  }

  /** Drops the expired tokens, then the oldest ones down to 90% of the bound (one sweep per many sets). */
  private forgetSome(): void {
    const now = Date.now();
    for (const [token, entry] of this.verified) if (entry.expiresAt <= now) this.verified.delete(token);
    const keep = Math.floor(this.maxCached * 0.9);
    for (const token of this.verified.keys()) {
      if (this.verified.size <= keep) break;
      this.verified.delete(token);
    }
  }
}

/**
 * The gateway's signing key: from JWT_PRIVATE_KEY when given (stack, Kubernetes secret),
 * otherwise generated once and kept under the data directory so tokens survive a restart.
 */
export function loadOrCreatePrivateKeyPem(dataDir: string, fromEnv?: string): string {
  if (fromEnv && fromEnv.trim()) return fromEnv.replace(/\\n/g, '\n');
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'jwt-ed25519.pem');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  writeFileSync(file, pem, { mode: 0o600 });
  return pem;
}
