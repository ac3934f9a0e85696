import { DataSource } from 'typeorm';
import { seedIdentityDemo } from '@lms/identity';
import { ApiClient, type JsonResource } from '@lms/testing';
import { TestIdentityProvider } from '../support/oidc';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const attributes = (doc: { data?: unknown }) => (doc.data as JsonResource).attributes;
const detail = (doc: unknown) =>
  (doc as { errors?: Array<{ detail: string }> }).errors?.map((e) => e.detail).join('; ');
const SECRET = 'campus-a-client-secret-never-shown';

describe('sign-in through a campus identity provider (OpenID Connect, real provider)', () => {
  let platform: TestPlatform;
  let idp: TestIdentityProvider;
  /** The demo campus, as a browser at http://localhost:<port> reaches it. */
  let campusA: ApiClient;
  let campusB: ApiClient;
  let origin: string;

  async function operator(client: ApiClient) {
    const login = await client.post('/api/user/auth/login', { username: 'admin', password: 'lms-demo' });
    return client.as(attributes(login.body).access_token as string);
  }

  async function campusId(host: string) {
    const version = await campusA.get(`/api/public/version?domain=${host}`);
    return attributes(version.body).lptk_id as number;
  }

  async function configure(client: ApiClient, host: string, settings: Record<string, unknown>) {
    const admin = await operator(client);
    return admin.send('PUT', `/api/admin/campuses/${await campusId(host)}/sso`, {
      data: { type: 'campus-sso-settings', attributes: settings },
    });
  }

  /** Starts a sign-in on `client`'s campus and goes through the provider as `login`. */
  async function throughProvider(client: ApiClient, login: string, prompt?: string) {
    const started = await client.post('/api/sso/authorize', prompt ? { prompt } : {});
    expect(started.status).toBe(200);
    const { authorization_url, state } = attributes(started.body) as Record<string, string>;
    const answer = await idp.signIn(authorization_url, login);
    expect(answer.state).toBe(state);
    return { ...answer, authorizationUrl: new URL(authorization_url) };
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    origin = platform.url.replace('127.0.0.1', 'localhost');
    const host = new URL(origin).host;
    campusA = new ApiClient(platform.url).at(host);
    campusB = new ApiClient(platform.url).at('campus-b.test');
    await seedIdentityDemo(platform.services.identity.get(DataSource), {
      domain: 'campus-b.test',
      password: 'lms-demo',
    });
    idp = await TestIdentityProvider.start([
      {
        client_id: 'campus-a',
        client_secret: SECRET,
        redirect_uris: [`${origin}/callback`],
        backchannel_logout_uri: `${origin}/webhook/sso`,
        post_logout_redirect_uris: [`${origin}/pages/login`],
      },
      {
        client_id: 'campus-b',
        client_secret: 'campus-b-secret',
        redirect_uris: ['http://campus-b.test/callback'],
      },
    ]);
    const set = await configure(campusA, 'localhost', {
      issuer: idp.issuer,
      client_id: 'campus-a',
      client_secret: SECRET,
      unknown_users: 'create',
      button_label: 'Sign in with Demo SSO',
    });
    expect(set.status).toBe(200);
    expect(
      (
        await configure(campusB, 'campus-b.test', {
          issuer: idp.issuer,
          client_id: 'campus-b',
          client_secret: 'campus-b-secret',
        })
      ).status,
    ).toBe(200);
  });

  afterAll(async () => {
    await idp?.stop();
    await platform?.stop();
  });

  it('keeps the settings with the campus, answers them without the secret, and shows only the button publicly', async () => {
    const admin = await operator(campusA);
    const settings = await admin.get(`/api/admin/campuses/${await campusId('localhost')}/sso`);
    expect(settings.status).toBe(200);
    expect(attributes(settings.body)).toMatchObject({
      issuer: idp.issuer,
      client_id: 'campus-a',
      client_secret_set: true,
      scopes: ['openid', 'profile', 'email'],
      username_claim: 'preferred_username',
      unknown_users: 'create',
      new_user_role: 'student',
      button_label: 'Sign in with Demo SSO',
      redirect_uri: 'https://localhost/callback',
      backchannel_logout_uri: 'https://localhost/webhook/sso',
    });
    const site = await campusA.get('/api/public/lptk?filter[domain][is]=localhost');
    expect((site.body.data as JsonResource[])[0].attributes.sso).toEqual({
      button_label: 'Sign in with Demo SSO',
    });
    for (const answer of [settings, site]) expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    // stored sealed (AES-256-GCM): the database holds no client secret in the clear
    const [stored] = (await platform.services.identity
      .get(DataSource)
      .query('SELECT sso_client_secret AS secret FROM tenants WHERE id = $1', [
        await campusId('localhost'),
      ])) as Array<{ secret: string }>;
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(SECRET);

    const unreachable = await admin.send('PUT', `/api/admin/campuses/${await campusId('localhost')}/sso`, {
      data: { attributes: { issuer: 'http://127.0.0.1:1/realms/none', client_id: 'x' } },
    });
    expect(unreachable.status).toBe(422);
    expect(
      (unreachable.body as { errors: Array<{ source?: { pointer?: string } }> }).errors[0].source?.pointer,
    ).toBe('/data/attributes/issuer');
    const plainHttp = await admin.send('PUT', `/api/admin/campuses/${await campusId('localhost')}/sso`, {
      data: { attributes: { issuer: 'http://idp.campus.ac.id', client_id: 'x' } },
    });
    expect(plainHttp.status).toBe(422);
    // Neither refusal changed what was set.
    expect(
      attributes((await admin.get(`/api/admin/campuses/${await campusId('localhost')}/sso`)).body).issuer,
    ).toBe(idp.issuer);
  });

  it('signs a new person in with PKCE, state and nonce, creating their account, and issues our own tokens', async () => {
    const answer = await throughProvider(campusA, 'sso.student');
    expect(answer.authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(answer.authorizationUrl.searchParams.get('nonce')).toEqual(expect.any(String));
    expect(`${answer.url.origin}${answer.url.pathname}`).toBe(`${origin}/callback`);

    const signedIn = await campusA.post('/api/sso/callback', { code: answer.code, state: answer.state });
    expect(signedIn.status).toBe(200);
    const tokens = attributes(signedIn.body);
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.any(String),
    });
    const me = await campusA.as(tokens.access_token as string).get('/api/login/me');
    expect(attributes(me.body)).toMatchObject({
      username: 'sso.student',
      name: 'Person sso.student',
      level: 'student',
      university_name: 'Universitas Demo',
    });

    const replayed = await campusA.post('/api/sso/callback', { code: answer.code, state: answer.state });
    expect(replayed.status).toBe(401);
    expect(detail(replayed.body)).toBe('This sign-in answer was already used; start again');
  });

  it.each([
    ['forged', "The ID token is not signed by the campus's identity provider (signature check failed)"],
    ['nonce', 'The ID token belongs to another sign-in (nonce mismatch)'],
    ['issuer', "The ID token was issued by another provider than the campus's (issuer mismatch)"],
    ['expired', 'The ID token has expired'],
  ] as const)('refuses an ID token that is %s', async (mode, reason) => {
    const answer = await throughProvider(campusA, 'student1');
    await idp.tamper(mode);
    const refused = await campusA.post('/api/sso/callback', { code: answer.code, state: answer.state });
    expect(refused.status).toBe(401);
    expect(detail(refused.body)).toBe(reason);
  });

  it("keeps campuses apart: one campus's sign-in cannot finish on another, and a campus that refuses unknown people does", async () => {
    const atA = await throughProvider(campusA, 'student2');
    const crossed = await campusB.post('/api/sso/callback', { code: atA.code, state: atA.state });
    expect(crossed.status).toBe(401);
    expect(detail(crossed.body)).toBe('This sign-in was not started on this campus; start again');

    const stranger = await throughProvider(campusB, 'sso.stranger', 'login');
    const refused = await campusB.post('/api/sso/callback', { code: stranger.code, state: stranger.state });
    expect(refused.status).toBe(401);
    expect(detail(refused.body)).toBe(
      'This campus has no account sso.stranger; ask your campus administrator',
    );

    const known = await throughProvider(campusB, 'student2', 'login');
    const signedIn = await campusB.post('/api/sso/callback', { code: known.code, state: known.state });
    expect(signedIn.status).toBe(200);
    const me = await campusB.as(attributes(signedIn.body).access_token as string).get('/api/login/me');
    expect(attributes(me.body).lptk_id).toBe(await campusId('campus-b.test'));
  });

  it('switches to another account of the person through the provider (prompt=select_account)', async () => {
    const first = await throughProvider(campusA, 'lecturer', 'login');
    expect((await campusA.post('/api/sso/callback', { code: first.code, state: first.state })).status).toBe(
      200,
    );
    const other = await throughProvider(campusA, 'student3', 'select_account');
    expect(other.authorizationUrl.searchParams.get('prompt')).toBe('select_account');
    const switched = await campusA.post('/api/sso/callback', { code: other.code, state: other.state });
    const me = await campusA.as(attributes(switched.body).access_token as string).get('/api/login/me');
    expect(attributes(me.body).username).toBe('student3');
  });

  it("ends the person's sessions when they sign out at the provider (back-channel logout)", async () => {
    const answer = await throughProvider(campusA, 'assistant', 'login');
    const tokens = attributes(
      (await campusA.post('/api/sso/callback', { code: answer.code, state: answer.state })).body,
    );
    const signedIn = campusA.as(tokens.access_token as string);
    expect((await signedIn.get('/api/login/me')).status).toBe(200);

    await idp.signOut();
    expect((await signedIn.get('/api/login/me')).status).toBe(401);
    const refresh = await campusA.post('/api/user/auth/refresh', { refresh_token: tokens.refresh_token });
    expect(refresh.status).toBe(401);

    const junk = await campusA.send('POST', '/webhook/sso', 'logout_token=not.a.token', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(junk.status).toBe(400);
    expect(detail(junk.body)).toBe('The logout token is malformed');
  });

  it('signs the person out at the provider too when they sign out here (RP-initiated logout)', async () => {
    const answer = await throughProvider(campusA, 'student2', 'login');
    const tokens = attributes(
      (await campusA.post('/api/sso/callback', { code: answer.code, state: answer.state })).body,
    );
    const signedOut = await campusA.post('/api/user/auth/logout', { refresh_token: tokens.refresh_token });
    expect(signedOut.status).toBe(200);
    const logoutUrl = new URL(attributes(signedOut.body).logout_url as string);
    expect(logoutUrl.href.startsWith(`${idp.issuer}/session/end?`)).toBe(true);
    expect(logoutUrl.searchParams.get('client_id')).toBe('campus-a');
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/pages/login`);
    expect(logoutUrl.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect((await campusA.as(tokens.access_token as string).get('/api/login/me')).status).toBe(401);

    // the provider accepts it and sends the browser back to the sign-in page
    expect(await idp.signOut(logoutUrl.href)).toBe(`${origin}/pages/login`);
    // a password sign-in has no provider to leave: 204 as ever
    const login = await campusA.post('/api/user/auth/login', { username: 'student1', password: 'lms-demo' });
    const plain = await campusA.post('/api/user/auth/logout', {
      refresh_token: attributes(login.body).refresh_token,
    });
    expect(plain.status).toBe(204);
  });

  it('ends self-registration on a campus that gets an identity provider: its accounts come from there', async () => {
    const admin = await operator(campusB);
    const id = await campusId('campus-b.test');
    const registration = async () =>
      (
        (await campusB.get('/api/public/lptk?filter[domain][is]=campus-b.test')).body.data as JsonResource[]
      )[0].attributes.registration;
    expect((await admin.send('DELETE', `/api/admin/campuses/${id}/sso`)).status).toBe(204);
    const opened = await admin.send('PATCH', `/api/admin/campuses/${id}`, {
      data: { type: 'campuses', attributes: { self_registration: true } },
    });
    expect(opened.status).toBe(200);
    expect(await registration()).toEqual({ email_domains: [] });

    const set = await configure(campusB, 'campus-b.test', {
      issuer: idp.issuer,
      client_id: 'campus-b',
      client_secret: 'campus-b-secret',
    });
    expect(set.status).toBe(200);
    expect(await registration()).toBeNull();
    expect(attributes((await admin.get(`/api/admin/campuses/${id}`)).body).self_registration).toBe(false);
    const refused = await campusB.post('/api/account/register', {
      data: {
        type: 'registrations',
        attributes: {
          username: 'visitor',
          name: 'Visitor',
          email: 'visitor@mail.example',
          password: 'long enough',
        },
      },
    });
    expect(refused.status).toBe(403);
  });
});
