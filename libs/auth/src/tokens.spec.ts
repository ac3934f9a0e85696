import { generateKeyPairSync } from 'node:crypto';
import { type AuthContext, InvalidTokenError, TokenIssuer, TokenVerifier } from './tokens';

const claims = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  userId: 7,
  tenantId: 3,
  role: 'lecturer',
  studentId: null,
  lecturerId: 7,
  sessionId: 'family-1',
  timeZone: 'Asia/Jakarta',
  ...overrides,
});

const pemOf = () =>
  generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('TokenVerifier', () => {
  const issuer = TokenIssuer.fromPem(pemOf(), 60);

  afterEach(() => jest.useRealTimers());

  it('reads the claims of a token the gateway signed', async () => {
    const verifier = new TokenVerifier(issuer.publicKeyPem);
    await expect(verifier.verify(await issuer.issue(claims()))).resolves.toEqual(claims());
  });

  it('rejects a token signed with another key, and a tampered one', async () => {
    const verifier = new TokenVerifier(issuer.publicKeyPem);
    const other = TokenIssuer.fromPem(pemOf(), 60);
    await expect(verifier.verify(await other.issue(claims()))).rejects.toThrow('Token is invalid');

    const [header, payload, signature] = (await issuer.issue(claims())).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    await expect(verifier.verify(`${header}.${forged}.${signature}`)).rejects.toThrow(InvalidTokenError);
  });

  it('answers a token it verified before from memory, without checking the signature again', async () => {
    const verifier = new TokenVerifier(issuer.publicKeyPem);
    const token = await issuer.issue(claims());
    const first = await verifier.verify(token);
    expect(verifier.cachedCount).toBe(1);
    expect(await verifier.verify(token)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // A token that failed is never remembered: it fails again.
    const [header, payload] = token.split('.');
    await expect(verifier.verify(`${header}.${payload}.AAAA`)).rejects.toThrow('Token is invalid');
    await expect(verifier.verify(`${header}.${payload}.AAAA`)).rejects.toThrow('Token is invalid');
    expect(verifier.cachedCount).toBe(1);
  });

  it('is one verifier per public key in the process, whatever the PEM looks like', async () => {
    const shared = TokenVerifier.forKey(issuer.publicKeyPem);
    // the same key written otherwise (CRLF line ends) is still the same key
    expect(TokenVerifier.forKey(issuer.publicKeyPem.replace(/\n/g, '\r\n'))).toBe(shared);
    expect(TokenVerifier.forKey(TokenIssuer.fromPem(pemOf(), 60).publicKeyPem)).not.toBe(shared);
    // what one application of the process verified, another finds remembered
    const token = await issuer.issue(claims({ userId: 41 }));
    const first = await shared.verify(token);
    expect(await TokenVerifier.forKey(issuer.publicKeyPem).verify(token)).toBe(first);
  });

  it('refuses a remembered token once it has expired', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    const shortLived = TokenIssuer.fromPem(pemOf(), 30);
    const verifier = new TokenVerifier(shortLived.publicKeyPem);
    const token = await shortLived.issue(claims());
    await expect(verifier.verify(token)).resolves.toEqual(claims());

    jest.setSystemTime(new Date('2026-03-01T08:00:29Z'));
    await expect(verifier.verify(token)).resolves.toEqual(claims());
    jest.setSystemTime(new Date('2026-03-01T08:00:30Z'));
    await expect(verifier.verify(token)).rejects.toThrow('Token has expired');
    await expect(verifier.verify(token)).rejects.toThrow('Token has expired');
  });

  it('remembers at most maxCached tokens, forgetting the oldest first', async () => {
    const verifier = new TokenVerifier(issuer.publicKeyPem, { maxCached: 10 });
    const tokens = await Promise.all(
      Array.from({ length: 25 }, (_, i) => issuer.issue(claims({ userId: i + 1 }))),
    );
    for (const token of tokens) await verifier.verify(token);
    expect(verifier.cachedCount).toBeLessThanOrEqual(10);
    // Every token still verifies, remembered or not.
    for (const [i, token] of tokens.entries()) {
      expect((await verifier.verify(token)).userId).toBe(i + 1);
    }
  });
});
