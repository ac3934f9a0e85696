import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MemoryStore } from '@lms/cache';
import { GatewayConfig, startGateway } from '@lms/gateway';
import { ApiClient, type ApiResponse, type JsonResource } from '@lms/testing';
import { SharedStore } from '../src/shared-store';
import { FakeIdentity, PASSWORD } from './fake-identity';

const privateKeyPem = generateKeyPairSync('ed25519')
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

async function gatewayFor(identity: FakeIdentity, trustedProxies: string): Promise<NestFastifyApplication> {
  return startGateway(
    GatewayConfig.fromEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      IDENTITY_URL: identity.url,
      JWT_PRIVATE_KEY: privateKeyPem,
      INTERNAL_TOKEN: 'internal-token-of-the-test',
      WEB_DIST: '/nonexistent-web-client',
      TRUSTED_PROXIES: trustedProxies,
    }),
    { logLevel: 'fatal' },
  );
}

const urlOf = (app: NestFastifyApplication) =>
  `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
const attributes = (response: ApiResponse) => (response.body.data as JsonResource).attributes;
const retryAfter = (response: ApiResponse) => Number(response.headers['retry-after']);

describe('gateway sign-in: throttling, client addresses, revocation (fake identity)', () => {
  const identity = new FakeIdentity();
  /** Facing the browsers itself: trusts nobody's forwarding headers. */
  let direct: NestFastifyApplication;
  /** Behind a proxy on loopback (as behind the ingress). */
  let proxied: NestFastifyApplication;
  let api: ApiClient;
  let viaProxy: ApiClient;

  beforeAll(async () => {
    await identity.start();
    direct = await gatewayFor(identity, 'none');
    proxied = await gatewayFor(identity, 'loopback');
    api = new ApiClient(urlOf(direct)).at('campus-a.test');
    viaProxy = new ApiClient(urlOf(proxied)).at('campus-a.test');
  });

  afterAll(async () => {
    await direct.close();
    await proxied.close();
    await identity.stop();
  });

  const login = (username: string, password = PASSWORD, client = api, headers: Record<string, string> = {}) =>
    client.post('/api/user/auth/login', { data: { attributes: { username, password } } }, headers);

  // The same at one instant, with a fake clock: sign-in-throttle.spec.ts. Here through real HTTP,
  // as fast as the machine allows (about 25 s on an idle two-core machine).
  it('signs in 2,000 students behind one address without one refusal, while a password guesser there is slowed', async () => {
    const statuses = new Map<number, number>();
    let next = 0;
    const students = Array.from({ length: 40 }, async () => {
      while (next < 2_000) {
        const response = await login(`student${String(next++).padStart(4, '0')}`);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    });
    const guesses: ApiResponse[] = [];
    let otherSpelling: ApiResponse | undefined;
    const attacker = (async () => {
      for (let i = 0; i < 12; i++) guesses.push(await login('Lecturer ', `guess-${i}`));
      // The username is counted as identity reads it: another spelling is the same account.
      otherSpelling = await login('LECTURER', PASSWORD);
    })();
    await Promise.all([...students, attacker]);

    expect(Object.fromEntries(statuses)).toEqual({ 200: 2_000 });
    const guessStatuses = guesses.map((response) => response.status);
    expect(guessStatuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = guesses.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body.errors?.[0].detail).toMatch(
      /^Too many failed sign-ins; try again in \d+ seconds$/,
    );
    expect(retryAfter(refused[0])).toBeGreaterThan(0);
    // Refused guesses never reached identity: no password was checked for them.
    expect(identity.logins.filter((call) => call.username === 'Lecturer ').length).toBe(12 - refused.length);
    expect(otherSpelling?.status).toBe(429);
    // Anyone else from that address still signs in.
    expect((await login('student9999')).status).toBe(200);
  }, 300_000);

  it('throttles an unknown username exactly like a known one', async () => {
    const run = async (username: string) => {
      const out: Array<[number, string | undefined]> = [];
      for (let i = 0; i < 7; i++) {
        const response = await login(username, 'wrong');
        out.push([response.status, response.body.errors?.[0].detail]);
      }
      return out;
    };
    expect(await run('nobody-known-to-identity')).toEqual(await run('student0001-typo-victim'));
  });

  it('refuses over-long usernames and passwords with a 422 and a pointer, storing nothing', async () => {
    const store = direct.get(SharedStore).store as MemoryStore;
    const before = store.size;
    const called = identity.logins.length;
    for (let i = 0; i < 30; i++) {
      const response = await login(`${'u'.repeat(300_000)}${i}`, 'x');
      expect(response.status).toBe(422);
      expect(response.body.errors?.[0].source?.pointer).toBe('/data/attributes/username');
    }
    const longPassword = await login('student0001', 'p'.repeat(1_001));
    expect(longPassword.status).toBe(422);
    expect(longPassword.body.errors?.[0].source?.pointer).toBe('/data/attributes/password');
    expect(store.size).toBe(before);
    expect(identity.logins.length).toBe(called);
  });

  describe('client address and campus host', () => {
    it('ignores X-Forwarded-For from a peer that is not a trusted proxy: rotating it does not escape the throttle', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const forged = { 'x-forwarded-for': `203.0.113.${i}` };
        statuses.push((await login('forger-target', 'wrong', api, forged)).status);
      }
      expect(statuses).toContain(429);
      expect(
        identity.logins.filter((call) => call.username === 'forger-target').map((call) => call.ip),
      ).toEqual(expect.arrayContaining(['127.0.0.1']));
      expect(identity.logins.some((call) => call.ip.startsWith('203.0.113.'))).toBe(false);
    });

    it('ignores X-Forwarded-Host from such a peer: the campus is the Host the client reached', async () => {
      const forged = { 'x-forwarded-host': 'campus-b.test' };
      const time = await api.get('/api/time', forged);
      expect(attributes(time).time_zone).toBe('Asia/Jakarta');
      await login('host-forger', PASSWORD, api, forged);
      expect(identity.logins.at(-1)).toMatchObject({ username: 'host-forger', host: 'campus-a.test' });
    });

    it('believes a trusted proxy: each forwarded client is throttled on its own, the forwarded host names the campus', async () => {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await login('roaming', 'wrong', viaProxy, from('198.51.100.7'))).status);
      expect(statuses).toContain(429);
      // The same account from another client of the proxy is not held back.
      expect((await login('roaming', PASSWORD, viaProxy, from('198.51.100.8'))).status).toBe(200);
      expect(identity.logins.at(-1)).toMatchObject({ ip: '198.51.100.8' });
      // Only the hops the gateway trusts count: a client's own claim before the proxy is not believed.
      await login('chain', PASSWORD, viaProxy, { 'x-forwarded-for': '10.9.9.9, 198.51.100.9' });
      expect(identity.logins.at(-1)).toMatchObject({ username: 'chain', ip: '198.51.100.9' });

      const time = await viaProxy.get('/api/time', { 'x-forwarded-host': 'campus-b.test' });
      expect(attributes(time).time_zone).toBe('Asia/Makassar');
    });
  });

  describe('revocation', () => {
    it('refuses the access token of a session that signed out, on every proxied request, at once', async () => {
      const tokens = attributes(await login('leaver'));
      const me = () => api.as(tokens.access_token as string).get('/api/login/me');
      expect((await me()).status).toBe(200);
      const other = attributes(await login('stayer'));

      const logout = await api.post('/api/user/auth/logout', { refresh_token: tokens.refresh_token });
      expect(logout.status).toBe(204);
      const after = await me();
      expect(after.status).toBe(401);
      expect(after.body.errors?.[0].detail).toBe('This session has ended; sign in again');
      expect((await api.as(other.access_token as string).get('/api/login/me')).status).toBe(200);
    });

    it('refuses every access token of a session whose refresh token came back a second time', async () => {
      const first = attributes(await login('victim'));
      const rotated = await api.post('/api/user/auth/refresh', { refresh_token: first.refresh_token });
      expect(rotated.status).toBe(200);
      const second = attributes(rotated);
      expect((await api.as(second.access_token as string).get('/api/login/me')).status).toBe(200);

      const reuse = await api.post('/api/user/auth/refresh', { refresh_token: first.refresh_token });
      expect(reuse.status).toBe(401);
      expect(reuse.body.errors?.[0]).not.toHaveProperty('meta');
      for (const token of [first.access_token, second.access_token]) {
        expect((await api.as(token as string).get('/api/login/me')).status).toBe(401);
      }
    });
  });
});
