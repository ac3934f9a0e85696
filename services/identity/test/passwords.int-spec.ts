import type { Mailbox } from '@lms/testing';
import { PasswordReset } from '../src/passwords/password-reset.entity';
import { type IdentityHarness, mailedIdentity, TEST_PASSWORD } from './support/harness';

const LINK = /(https?:\/\/\S+\/pages\/reset-password\?token=([A-Za-z0-9_-]+))/;

describe('/api/account/password (forgotten, reset by mail, changed)', () => {
  let h: IdentityHarness;
  let mailbox: Mailbox;
  let stop: () => Promise<void>;
  beforeAll(async () => ({ h, mailbox, stop } = await mailedIdentity()));
  afterAll(() => stop());

  const body = (attributes: Record<string, unknown>) => ({ data: { type: 'passwords', attributes } });
  const internal = (path: string, attributes: Record<string, unknown>) =>
    h.api.post(`/internal/auth/${path}`, attributes, { 'x-internal-token': h.internalToken });
  const signIn = (host: string, username: string, password: string) =>
    internal('login', { host, username, password });
  const forgot = (host: string, email: string) =>
    h.api.at(host).post('/api/account/password/forgot', body({ email }));
  const reset = (host: string, token: string, password: string) =>
    h.api.at(host).post('/api/account/password/reset', body({ token, password }));

  async function person(email: string) {
    const campus = await h.campus();
    const user = await h.user(campus.id, 'student', { email });
    return { campus, user };
  }

  it('mails a link that sets a new password once, ends the sessions, and tells nobody whether an account exists', async () => {
    const { campus, user } = await person('rina@students.example.ac.id');
    const session = (await signIn(campus.domain, user.username, TEST_PASSWORD)).body as unknown as {
      refreshToken: string;
    };
    const unknown = await forgot(campus.domain, 'nobody@students.example.ac.id');
    const known = await forgot(campus.domain, 'Rina@Students.example.ac.id');
    expect([unknown.status, known.status]).toEqual([204, 204]);
    expect(unknown.body).toEqual(known.body);

    const mail = await mailbox.next('rina@students.example.ac.id');
    expect(mail.subject).toBe(`${campus.name}: reset your password`);
    expect(mail.from).toBe(`no-reply@${campus.domain}`);
    const [, link, token] = LINK.exec(mail.text)!;
    expect(link.startsWith(`http://${campus.domain}/pages/reset-password?token=`)).toBe(true);
    expect(mail.text).toContain(user.username);
    expect(mailbox.to('nobody@students.example.ac.id')).toEqual([]);
    const [stored] = await h.ds.getRepository(PasswordReset).findBy({ userId: user.id });
    expect(stored.tokenHash).not.toContain(token);

    expect((await reset(campus.domain, token, 'a new secret')).status).toBe(204);
    expect((await signIn(campus.domain, user.username, 'a new secret')).status).toBe(200);
    expect((await signIn(campus.domain, user.username, TEST_PASSWORD)).status).toBe(401);
    expect((await internal('refresh', { refresh_token: session.refreshToken })).status).toBe(401);

    const again = await reset(campus.domain, token, 'another secret');
    expect(again.status).toBe(422);
    expect(again.body.errors?.[0]).toMatchObject({ source: { pointer: '/data/attributes/token' } });
    expect((await signIn(campus.domain, user.username, 'a new secret')).status).toBe(200);
  });

  it("writes in the person's language, else in their campus's default, the link working alike", async () => {
    const ownChoice = await h.campus({ defaultLanguage: 'de' });
    await h.user(ownChoice.id, 'student', { email: 'sari@students.example.ac.id', language: 'id' });
    await forgot(ownChoice.domain, 'sari@students.example.ac.id');
    const indonesian = await mailbox.next('sari@students.example.ac.id');
    expect(indonesian.subject).toBe(`${ownChoice.name}: atur ulang kata sandi Anda`);
    expect(indonesian.text).toContain('Buka tautan ini dalam 60 menit');
    expect(LINK.exec(indonesian.text)).not.toBeNull();

    await h.user(ownChoice.id, 'lecturer', { email: 'jonas@example.ac.id' });
    await forgot(ownChoice.domain, 'jonas@example.ac.id');
    const german = await mailbox.next('jonas@example.ac.id');
    expect(german.subject).toBe(`${ownChoice.name}: Passwort zurücksetzen`);
    expect(LINK.exec(german.text)).not.toBeNull();
  });

  it('refuses an expired link, a link on another campus, a short password and an inactive account', async () => {
    const { campus, user } = await person('tono@students.example.ac.id');
    const other = await h.campus();
    await forgot(campus.domain, 'tono@students.example.ac.id');
    await forgot(campus.domain, 'tono@students.example.ac.id');
    const first = LINK.exec((await mailbox.next('tono@students.example.ac.id', 1)).text)![2];
    const second = LINK.exec((await mailbox.next('tono@students.example.ac.id', 2)).text)![2];

    expect((await reset(other.domain, first, 'long enough')).status).toBe(422);
    const short = await reset(campus.domain, first, 'short');
    expect(short.status).toBe(422);
    expect(short.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/password' });

    await h.ds.query(
      `UPDATE password_resets SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [user.id],
    );
    expect((await reset(campus.domain, second, 'long enough')).status).toBe(422);
    expect((await signIn(campus.domain, user.username, TEST_PASSWORD)).status).toBe(200);

    const { campus: third, user: inactive } = await person('gone@students.example.ac.id');
    await h.ds.query(`UPDATE users SET active = false WHERE id = $1`, [inactive.id]);
    await forgot(third.domain, 'gone@students.example.ac.id');
    // the next mail to anyone arrives after that answer: none went to the inactive account
    await forgot(campus.domain, 'tono@students.example.ac.id');
    await mailbox.next('tono@students.example.ac.id', 3);
    expect(mailbox.to('gone@students.example.ac.id')).toEqual([]);
  });

  it('limits the links asked for one address', async () => {
    const { campus } = await person('many@students.example.ac.id');
    for (let n = 0; n < 3; n++)
      expect((await forgot(campus.domain, 'many@students.example.ac.id')).status).toBe(204);
    const refused = await forgot(campus.domain, 'many@students.example.ac.id');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // an address nobody has is limited alike (the limit tells nothing either)
    for (let n = 0; n < 3; n++) await forgot(campus.domain, 'ghost@students.example.ac.id');
    expect((await forgot(campus.domain, 'ghost@students.example.ac.id')).status).toBe(429);
  });

  it('lets a signed-in user change their password with the current one, ending their sessions', async () => {
    const { campus, user } = await person('sari@students.example.ac.id');
    const session = (await signIn(campus.domain, user.username, TEST_PASSWORD)).body as unknown as {
      refreshToken: string;
    };
    const as = await h.as(user);
    const wrong = await as.post(
      '/api/account/password',
      body({ current_password: 'nope', password: 'changed pass' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/current_password' });
    const changed = await as.post(
      '/api/account/password',
      body({ current_password: TEST_PASSWORD, password: 'changed pass' }),
    );
    expect(changed.status).toBe(204);
    expect((await internal('refresh', { refresh_token: session.refreshToken })).status).toBe(401);
    expect((await signIn(campus.domain, user.username, 'changed pass')).status).toBe(200);
    expect(
      (await h.api.post('/api/account/password', body({ current_password: 'x', password: 'yyyyyyyy' })))
        .status,
    ).toBe(401);
  });
});
