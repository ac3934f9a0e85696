import { generateKeyPairSync } from 'node:crypto';
import { TokenIssuer, type AuthContext, type PlatformRole } from '@lms/auth';

/** A key pair of the test run's own, standing in for the gateway's. */
export function createTestIssuer(ttlSeconds = 900): TokenIssuer {
  const { privateKey } = generateKeyPairSync('ed25519');
  return new TokenIssuer(privateKey, ttlSeconds);
}

/** Mints an access token for a user of the given role (defaults: tenant 1, user 1). */
export function mintToken(
  issuer: TokenIssuer,
  claims: Partial<AuthContext> & { role: PlatformRole },
): Promise<string> {
  const userId = claims.userId ?? 1;
  return issuer.issue({
    userId,
    tenantId: claims.tenantId ?? 1,
    role: claims.role,
    studentId: claims.studentId ?? (claims.role === 'student' ? userId : null),
    lecturerId: claims.lecturerId ?? (claims.role === 'lecturer' ? userId : null),
    sessionId: claims.sessionId ?? 'test-session',
    timeZone: claims.timeZone ?? 'Asia/Jakarta',
  });
}
