import { generateKeyPairSync } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Client } from 'undici';
import { TokenIssuer } from '@lms/auth';
import { ROUTES } from '@lms/gateway';
import { seedIdentityDemo } from '@lms/identity';
import { ApiClient, type JsonResource } from '@lms/testing';
import { SERVICES as BUILT } from '../../services/all-in-one/src/registry';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const attributes = (doc: { data?: unknown }) => (doc.data as JsonResource).attributes;

describe('sign-in through the gateway (real HTTP, real PostgreSQL)', () => {
  let platform: TestPlatform;
  let api: ApiClient;

  beforeAll(async () => {
    platform = await startTestPlatform();
    api = new ApiClient(platform.url).at('localhost');
    await seedIdentityDemo(platform.services.identity.get(DataSource), {
      domain: 'campus-b.test',
      password: 'other-pass',
    });
  });

  afterAll(async () => {
    await platform.stop();
  });

  async function login(username: string, password = 'lms-demo', client = api) {
    const response = await client.post('/api/user/auth/login', { username, password });
    return { response, tokens: response.status === 200 ? attributes(response.body) : {} };
  }

  it('signs a student in and answers /api/login/me with their profile and campus', async () => {
    const { response, tokens } = await login('student1');
    expect(response.status).toBe(200);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(typeof tokens.access_token).toBe('string');

    const me = await api.as(tokens.access_token as string).get('/api/login/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ type: 'users' });
    expect(attributes(me.body)).toMatchObject({
      username: 'student1',
      name: 'Ayu Lestari',
      level: 'student',
      nim: '2301001',
      university_name: 'Universitas Demo',
    });
    expect(attributes(me.body).lptk_id).toEqual(expect.any(Number));
    expect(attributes(me.body).student_id).toBe(Number((me.body.data as JsonResource).id));
    expect(me.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('accepts the username in any case but refuses a wrong password without saying which part was wrong', async () => {
    expect((await login('LECTURER')).response.status).toBe(200);
    const wrongPassword = await login('lecturer', 'nope');
    const unknownUser = await login('nobody', 'nope');
    expect(wrongPassword.response.status).toBe(401);
    expect(unknownUser.response.status).toBe(401);
    expect(wrongPassword.response.body.errors?.[0].detail).toBe(unknownUser.response.body.errors?.[0].detail);
  });

  it('answers 422 with a pointer when the username is missing', async () => {
    const response = await api.post('/api/user/auth/login', { password: 'x' });
    expect(response.status).toBe(422);
    expect(response.body.errors?.[0].source?.pointer).toBe('/data/attributes/username');
  });

  it('slows down guessing one password from one address with growing delays, known and unknown usernames alike', async () => {
    const guess = async (username: string) => {
      const out: Array<[number, string | undefined]> = [];
      for (let i = 0; i < 7; i++) {
        const { response } = await login(username, `guess-${i}`);
        out.push([response.status, response.body.errors?.[0].detail]);
      }
      return out;
    };
    const known = await guess('student3');
    expect(known.slice(0, 5).map(([status]) => status)).toEqual([401, 401, 401, 401, 401]);
    expect(known.at(-1)).toEqual([
      429,
      expect.stringMatching(/^Too many failed sign-ins; try again in \d+ seconds$/),
    ]);
    const held = await login('student3');
    expect(held.response.status).toBe(429);
    expect(Number(held.response.headers['retry-after'])).toBeGreaterThan(0);
    // Only that account at that address waits; identity locked nothing.
    expect((await login('student1')).response.status).toBe(200);
    // An account nobody has gets exactly the same answers: usernames cannot be told apart.
    expect(await guess('nobody-here')).toEqual(known);
  });

  it('ends access at once on logout: the old access token gets 401 on /api/...', async () => {
    const { tokens } = await login('assistant');
    const me = () => api.as(tokens.access_token as string).get('/api/login/me');
    expect((await me()).status).toBe(200);
    await api.post('/api/user/auth/logout', { refresh_token: tokens.refresh_token });
    const after = await me();
    expect(after.status).toBe(401);
    expect(after.body.errors?.[0].detail).toBe('This session has ended; sign in again');
  });

  it('ends every access token of a session whose refresh token was used twice', async () => {
    const { tokens } = await login('lecturer');
    const rotated = attributes(
      (await api.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token })).body,
    );
    const reuse = await api.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.errors?.[0]).not.toHaveProperty('meta');
    for (const token of [tokens.access_token, rotated.access_token]) {
      expect((await api.as(token as string).get('/api/login/me')).status).toBe(401);
    }
  });

  it('rotates refresh tokens and closes the whole session when a used one comes back', async () => {
    const { tokens } = await login('student2');
    const first = await api.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(first.status).toBe(200);
    const rotated = attributes(first.body);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);

    const reuse = await api.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(401);
    expect(reuse.body.errors?.[0].detail).toMatch(/already used/);

    const afterReuse = await api.post('/api/user/auth/refresh', { refresh_token: rotated.refresh_token });
    expect(afterReuse.status).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const { tokens } = await login('assistant');
    expect((await api.post('/api/user/auth/logout', { refresh_token: tokens.refresh_token })).status).toBe(
      204,
    );
    expect((await api.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token })).status).toBe(
      401,
    );
  });

  describe('refuses tokens it should not trust', () => {
    it('no token', async () => {
      const response = await api.get('/api/login/me');
      expect(response.status).toBe(401);
      expect(response.body.errors?.[0]).toMatchObject({ status: '401' });
    });

    it('an expired token', async () => {
      const { tokens } = await login('student1');
      const issuer = TokenIssuer.fromPem(platform.privateKeyPem, -10);
      const claims = decodeClaims(tokens.access_token as string);
      const expired = await issuer.issue(claims);
      const response = await api.as(expired).get('/api/login/me');
      expect(response.status).toBe(401);
      expect(response.body.errors?.[0].detail).toBe('Token has expired');
    });

    it('a tampered token (payload changed, signature kept)', async () => {
      const { tokens } = await login('student1');
      const [header, payload, signature] = (tokens.access_token as string).split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
      const response = await api.as(`${header}.${forged}.${signature}`).get('/api/login/me');
      expect(response.status).toBe(401);
    });

    it('a token signed with another key', async () => {
      const { tokens } = await login('student1');
      const claims = decodeClaims(tokens.access_token as string);
      const stranger = new TokenIssuer(generateKeyPairSync('ed25519').privateKey, 900);
      const response = await api.as(await stranger.issue(claims)).get('/api/login/me');
      expect(response.status).toBe(401);
    });

    it('a token of another campus', async () => {
      const campusB = new ApiClient(platform.url).at('campus-b.test');
      const { response, tokens } = await login('student1', 'other-pass', campusB);
      expect(response.status).toBe(200);
      expect((await campusB.as(tokens.access_token as string).get('/api/login/me')).status).toBe(200);
      const atCampusA = await api.as(tokens.access_token as string).get('/api/login/me');
      expect(atCampusA.status).toBe(401);
      expect(atCampusA.body.errors?.[0].detail).toBe('This token was issued for another campus');
    });

    it("the campus A password at campus B's host", async () => {
      const campusB = new ApiClient(platform.url).at('campus-b.test');
      expect((await login('student1', 'lms-demo', campusB)).response.status).toBe(401);
    });
  });

  it('answers 503 with a JSON:API error for a routed service that is not built yet', async () => {
    // The first routed service the platform does not run yet (each new service moves this on).
    const unbuilt = ROUTES.find(([, service]) => !BUILT.some((definition) => definition.name === service));
    if (!unbuilt) return; // every routed service is built: nothing can answer 503 any more
    const [prefix, service] = unbuilt;
    const { tokens } = await login('student1');
    const response = await api.as(tokens.access_token as string).get(`/api${prefix}`);
    expect(response.status).toBe(503);
    expect(response.body.errors?.[0].detail).toMatch(new RegExp(`${service} service is not available`));
  });

  it('tells the server time in the campus time zone', async () => {
    const response = await api.get('/api/time');
    expect(response.status).toBe(200);
    expect(attributes(response.body)).toMatchObject({ time_zone: 'Asia/Jakarta' });
    expect(attributes(response.body).time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('sends security headers and refuses paths that climb out of /api', async () => {
    const response = await api.get('/api/public/lptk?filter[domain][like]=localhost');
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    // A raw client: URL parsers would resolve the dots before sending.
    const raw = new Client(platform.url);
    const climb = await raw.request({
      method: 'GET',
      path: '/api/%2e%2e/internal/tenants/resolve?host=localhost',
      headers: { host: 'localhost' },
    });
    expect(climb.statusCode).toBe(400);
    await climb.body.dump();
    await raw.close();
  });
});

function decodeClaims(token: string) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  return {
    userId: Number(claims.sub),
    tenantId: claims.tid,
    role: claims.role,
    studentId: claims.student_id,
    lecturerId: claims.lecturer_id,
    sessionId: claims.sid,
    timeZone: claims.tz,
  };
}
