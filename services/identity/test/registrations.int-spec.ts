import type { Mailbox } from '@lms/testing';
import { Registration } from '../src/registrations/registration.entity';
import type { SsoSettings } from '../src/sso/sso.settings';
import { User } from '../src/users/user.entity';
import { type IdentityHarness, mailedIdentity } from './support/harness';

const LINK = /(https?:\/\/\S+\/pages\/verify-email\?token=([A-Za-z0-9_-]+))/;
const PASSWORD = 'my own secret';

describe('/api/account/register (self-registration verified by mail)', () => {
  let h: IdentityHarness;
  let mailbox: Mailbox;
  let stop: () => Promise<void>;
  beforeAll(async () => ({ h, mailbox, stop } = await mailedIdentity()));
  afterAll(() => stop());

  const body = (attributes: Record<string, unknown>) => ({ data: { type: 'registrations', attributes } });
  const register = (host: string, attributes: Record<string, unknown>) =>
    h.api
      .at(host)
      .post('/api/account/register', body({ name: 'Rina Wati', password: PASSWORD, ...attributes }));
  const verify = (host: string, token: string) =>
    h.api.at(host).post('/api/account/register/verify', body({ token }));
  const signIn = (host: string, username: string, password: string) =>
    h.api.post('/internal/auth/login', { host, username, password }, { 'x-internal-token': h.internalToken });
  const tokenOf = (text: string) => LINK.exec(text)![2];
  const openCampus = () => h.campus({ selfRegistration: true });

  it('mails a link that creates an active student once, signs in after it, and publishes the account', async () => {
    const campus = await openCampus();
    const answer = await register(campus.domain, { username: 'Rina.W', email: 'Rina@Mail.example' });
    expect(answer.status).toBe(204);

    const mail = await mailbox.next('rina@mail.example');
    expect(mail.subject).toBe(`${campus.name}: confirm your e-mail address`);
    expect(mail.from).toBe(`no-reply@${campus.domain}`);
    const [, link, token] = LINK.exec(mail.text)!;
    expect(link.startsWith(`http://${campus.domain}/pages/verify-email?token=`)).toBe(true);
    const [pending] = await h.ds.getRepository(Registration).findBy({ tenantId: campus.id });
    expect(pending).toMatchObject({ username: 'rina.w', email: 'rina@mail.example', usedAt: null });
    expect(pending.tokenHash).not.toContain(token);
    expect(pending.passwordHash).not.toContain(PASSWORD);
    // no account before the address is verified
    expect(await h.ds.getRepository(User).findOneBy({ tenantId: campus.id, username: 'rina.w' })).toBeNull();
    expect((await signIn(campus.domain, 'rina.w', PASSWORD)).status).toBe(401);

    expect((await verify(campus.domain, token)).status).toBe(204);
    const user = await h.ds.getRepository(User).findOneByOrFail({ tenantId: campus.id, username: 'rina.w' });
    expect(user).toMatchObject({
      name: 'Rina Wati',
      email: 'rina@mail.example',
      level: 'student',
      active: true,
    });
    expect((await signIn(campus.domain, 'rina.w', PASSWORD)).status).toBe(200);
    const events = (await h.events('identity.user.upserted')).filter((event) => event.data.id === user.id);
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ username: 'rina.w', role: 'student', active: true }),
    ]);

    const again = await verify(campus.domain, token);
    expect(again.status).toBe(422);
    expect(again.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/token' },
      code: 'verification_link_invalid',
    });
  });

  it('answers the same for a taken username or an address with an account, telling only the mailbox', async () => {
    const campus = await openCampus();
    await h.user(campus.id, 'lecturer', { username: 'taken', email: 'owner@mail.example' });
    const fresh = await register(campus.domain, { username: 'newcomer', email: 'new@mail.example' });
    const takenName = await register(campus.domain, { username: 'Taken', email: 'other@mail.example' });
    const knownAddress = await register(campus.domain, { username: 'second', email: 'Owner@mail.example' });
    expect([fresh.status, takenName.status, knownAddress.status]).toEqual([204, 204, 204]);
    expect(takenName.body).toEqual(fresh.body);
    expect(knownAddress.body).toEqual(fresh.body);

    const taken = await mailbox.next('other@mail.example');
    expect(taken.subject).toBe(`${campus.name}: choose another username`);
    expect(taken.text).toContain(`http://${campus.domain}/pages/register`);
    expect(LINK.test(taken.text)).toBe(false);
    const exists = await mailbox.next('owner@mail.example');
    expect(exists.subject).toBe(`${campus.name}: you already have an account`);
    expect(exists.text).toContain('"taken"');
    expect(exists.text).toContain(`http://${campus.domain}/pages/forgot-password`);
    expect(LINK.test(exists.text)).toBe(false);
    expect(await h.ds.getRepository(Registration).countBy({ tenantId: campus.id })).toBe(1);
    await mailbox.next('new@mail.example');
  });

  it('refuses a link of another campus, an expired link, and a username taken before the link is followed', async () => {
    const campus = await openCampus();
    const other = await openCampus();
    await register(campus.domain, { username: 'late', email: 'late@mail.example' });
    await register(campus.domain, { username: 'raced', email: 'raced@mail.example' });
    const late = tokenOf((await mailbox.next('late@mail.example')).text);
    const raced = tokenOf((await mailbox.next('raced@mail.example')).text);

    expect((await verify(other.domain, late)).status).toBe(422);
    await h.ds.query(
      `UPDATE registrations SET expires_at = now() - interval '1 minute' WHERE username = 'late'`,
    );
    expect((await verify(campus.domain, late)).status).toBe(422);
    expect(await h.ds.getRepository(User).countBy({ tenantId: campus.id, username: 'late' })).toBe(0);

    await h.user(campus.id, 'student', { username: 'raced' });
    const refused = await verify(campus.domain, raced);
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.[0]).toMatchObject({ code: 'username_taken' });
    expect(await h.ds.getRepository(User).countBy({ tenantId: campus.id, username: 'raced' })).toBe(1);
  });

  it('is refused where the campus does not allow it: closed 403, single sign-on 403, no campus 404', async () => {
    const closed = await h.campus();
    const sso = await h.campus({
      selfRegistration: true,
      sso: { issuer: 'https://idp.example', buttonLabel: 'SSO' } as SsoSettings,
    });
    const attempt = { username: 'visitor', email: 'visitor@mail.example' };
    const refusedClosed = await register(closed.domain, attempt);
    expect(refusedClosed.status).toBe(403);
    expect(refusedClosed.body.errors?.[0]).toMatchObject({ code: 'registration_closed' });
    const refusedSso = await register(sso.domain, attempt);
    expect(refusedSso.status).toBe(403);
    expect(refusedSso.body.errors?.[0].detail).toMatch(/identity provider/);
    expect((await register('nowhere.example', attempt)).status).toBe(404);
    expect(await h.ds.getRepository(Registration).countBy({ username: 'visitor' })).toBe(0);
    expect(mailbox.to('visitor@mail.example')).toEqual([]);
  });

  it('keeps to the campus e-mail domains and the password and username rules, naming the field', async () => {
    const campus = await h.campus({
      selfRegistration: true,
      registrationEmailDomains: ['students.kampus.ac.id'],
    });
    const outside = await register(campus.domain, { username: 'outsider', email: 'outsider@gmail.example' });
    expect(outside.status).toBe(422);
    expect(outside.body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/email' },
      code: 'email_domain_not_allowed',
    });
    const short = await register(campus.domain, {
      username: 'insider',
      email: 'insider@students.kampus.ac.id',
      password: 'short',
    });
    expect(short.status).toBe(422);
    expect(short.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/password' });
    const badName = await register(campus.domain, {
      username: 'in sider',
      email: 'insider@students.kampus.ac.id',
    });
    expect(badName.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/username' });
    expect(await h.ds.getRepository(Registration).countBy({ tenantId: campus.id })).toBe(0);

    expect(
      (await register(campus.domain, { username: 'insider', email: 'Insider@Students.Kampus.ac.id' })).status,
    ).toBe(204);
    await mailbox.next('insider@students.kampus.ac.id');
  });

  it('limits the registrations asked for one address, whether or not they lead anywhere', async () => {
    const campus = await openCampus();
    for (let n = 0; n < 3; n++)
      expect(
        (await register(campus.domain, { username: `many${n}`, email: 'many@mail.example' })).status,
      ).toBe(204);
    const refused = await register(campus.domain, { username: 'many3', email: 'many@mail.example' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
