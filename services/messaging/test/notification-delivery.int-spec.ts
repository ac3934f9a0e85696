import { type Mailbox, startMailbox } from '@lms/testing';
import { generateVAPIDKeys } from 'web-push';
import { MessagingHarness, one } from './support/harness';
import { type Browser, startPushService } from './support/push-service';

const TOKENS = '/api/v2/notification/notifications/tokens';
const SETTINGS = '/api/v2/notification/notifications/settings';
const register = (browser: Browser, action = 'update') => ({
  data: { action, platform: 'web', token: browser },
});

/**
 * Browser push against a local push service (VAPID, aes128gcm, 201 / 410) and the mail digest
 * against a local SMTP server.
 */
describe('notification delivery', () => {
  const vapid = generateVAPIDKeys();
  let push: Awaited<ReturnType<typeof startPushService>>;
  let mailbox: Mailbox;
  let h: MessagingHarness;
  let c: Awaited<ReturnType<MessagingHarness['notifiedClassroom']>>;
  beforeAll(async () => {
    push = await startPushService(vapid.publicKey);
    mailbox = await startMailbox();
    h = new MessagingHarness({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:lms@kampus1.test',
      SMTP_URL: mailbox.url,
      MAIL_DIGEST_INTERVAL_MS: '1500',
    });
    await h.start();
    c = await h.notifiedClassroom();
    await h.sweep(); // the enrolments' notifications, before anyone registered or asked for mail
  });
  afterAll(async () => {
    await h.stop();
    await Promise.all([push.close(), mailbox.close()]);
  });

  const message = (receiverId: number, subject: string) =>
    h.project('messaging.message.sent', c.tenantId, {
      senderId: c.lecturer.id,
      receiverIds: [receiverId],
      subject,
      courseId: c.course.id,
    });
  const subscriptions = async (userId: number) =>
    (
      await h.ds.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id`, [userId])
    ).map((row: { endpoint: string }) => row.endpoint);

  describe('browser push', () => {
    it('gives a browser the key to subscribe with; push is on until turned off', async () => {
      const settings = await c.asStudent.get(SETTINGS);
      expect(settings.status).toBe(200);
      expect(one(settings.body).attributes).toEqual({
        push: true,
        mail: true,
        notification_email: null,
        push_public_key: vapid.publicKey,
      });
    });

    it('registers a browser, pushes each new notification to it once, encrypted and signed', async () => {
      const browser = push.browser();
      const registered = await c.asStudent.post(TOKENS, register(browser));
      expect(registered.status).toBe(200);
      expect(one(registered.body).attributes).toMatchObject({ platform: 'web', endpoint: browser.endpoint });
      expect(await subscriptions(c.student.id)).toEqual([browser.endpoint]);

      const sent = await message(c.student.id, 'Jadwal remedial');
      expect((await h.sweep()).pushed).toBe(1);
      expect(push.refusals).toEqual([]);
      expect(push.pushes).toHaveLength(1);
      const [received] = push.pushes;
      expect(received.path).toBe(new URL(browser.endpoint).pathname);
      expect(received.payload).toEqual({
        title: `New message from ${c.lecturer.name}`,
        body: 'Jadwal remedial',
        id: expect.any(Number),
        type: 'COURSE_MESSAGE',
        objectId: sent.id,
        link: `/messages/${sent.id}`,
      });
      expect(received.claims).toMatchObject({
        sub: 'mailto:lms@kampus1.test',
        aud: new URL(browser.endpoint).origin,
      });
      expect((await h.sweep()).pushed).toBe(0);
      expect(push.pushes).toHaveLength(1);
    });

    it('pushes nothing to a user who turned push off, and forgets their browsers', async () => {
      const browser = push.browser();
      await c.asDeskmate.post(TOKENS, register(browser));
      const off = await c.asDeskmate.patch(SETTINGS, { data: { attributes: { push: false } } });
      expect(one(off.body).attributes).toMatchObject({ push: false, mail: true });
      expect(await subscriptions(c.deskmate.id)).toEqual([]);
      const before = push.pushes.length;
      await message(c.deskmate.id, 'Tidak dikirim');
      expect((await h.sweep()).pushed).toBe(0);
      expect(push.pushes).toHaveLength(before);

      // registering again is asking for push again
      await c.asDeskmate.post(TOKENS, register(browser));
      expect(one((await c.asDeskmate.get(SETTINGS)).body).attributes).toMatchObject({ push: true });
      await message(c.deskmate.id, 'Dikirim');
      expect((await h.sweep()).pushed).toBe(1);
      expect(push.pushes.at(-1)?.payload).toMatchObject({ body: 'Dikirim' });
    });

    it('removes a subscription the push service answers 410 for, keeping the user’s others', async () => {
      const [alive, gone] = [push.browser(), push.browser(true)];
      await c.asClassmate.post(TOKENS, register(alive));
      await c.asClassmate.post(TOKENS, register(gone));
      expect(await subscriptions(c.classmate.id)).toEqual([alive.endpoint, gone.endpoint]);
      await message(c.classmate.id, 'Halo');
      expect((await h.sweep()).pushed).toBe(1);
      expect(await subscriptions(c.classmate.id)).toEqual([alive.endpoint]);
    });

    it('forgets a browser with action delete; one browser belongs to whoever registered it last', async () => {
      const shared = push.browser();
      await c.asClassmate.post(TOKENS, register(shared));
      await c.asLecturer.post(TOKENS, register(shared));
      expect(await subscriptions(c.classmate.id)).not.toContain(shared.endpoint);
      expect(await subscriptions(c.lecturer.id)).toEqual([shared.endpoint]);
      const forgotten = await c.asLecturer.post(TOKENS, register(shared, 'delete'));
      expect(forgotten).toMatchObject({ status: 200, body: { data: null } });
      expect(await subscriptions(c.lecturer.id)).toEqual([]);
    });

    it('refuses a bad registration with a 422 at the field, storing nothing', async () => {
      const browser = push.browser();
      const cases: Array<[unknown, string]> = [
        [{ ...browser, endpoint: 'http://push.example.com/x' }, '/data/attributes/token/endpoint'],
        [{ ...browser, endpoint: 'not a url' }, '/data/attributes/token/endpoint'],
        [{ endpoint: browser.endpoint }, '/data/attributes/token/keys'],
      ];
      for (const [token, pointer] of cases) {
        const refused = await c.asLecturer.post(TOKENS, {
          data: { action: 'update', platform: 'web', token },
        });
        expect(refused.status).toBe(422);
        expect(refused.body.errors?.map((error) => error.source?.pointer)).toContain(pointer);
      }
      const wrongPlatform = await c.asLecturer.post(TOKENS, {
        data: { action: 'update', platform: 'ios', token: browser },
      });
      expect(wrongPlatform.status).toBe(422);
      for (const body of [{ data: 'x' }, { data: { action: 'update', platform: 'web', token: 'x' } }])
        expect([400, 422]).toContain((await c.asLecturer.post(TOKENS, body)).status);
      expect(await subscriptions(c.lecturer.id)).toEqual([]);
      expect((await h.api.post(TOKENS, register(browser))).status).toBe(401);
    });
  });

  describe('mail digest', () => {
    const address = 'ani.notif@mail.test';
    beforeAll(async () => {
      await h.publish('identity.user.upserted', c.tenantId, {
        ...c.student,
        notificationEmail: address,
        updatedAt: new Date().toISOString(),
      });
      await h.publish('identity.user.upserted', c.tenantId, {
        ...c.deskmate,
        notificationEmail: 'budi.notif@mail.test',
        updatedAt: new Date().toISOString(),
      });
      await c.asDeskmate.patch(SETTINGS, { data: { attributes: { mail: false } } });
      await h.ds.query(`UPDATE notifications SET is_read = true`);
    });

    it('mails a user with a notification e-mail one digest of their unread notifications, each with its link', async () => {
      expect(one((await c.asStudent.get(SETTINGS)).body).attributes).toMatchObject({
        notification_email: address,
        mail: true,
      });
      const first = await message(c.student.id, 'Tugas 3');
      const second = await message(c.student.id, 'Tugas 4');
      await message(c.deskmate.id, 'Budi tidak mau surel');
      expect((await h.sweep()).digests).toBe(1);
      const mail = await mailbox.next(address);
      expect(mail.subject).toBe('2 new notifications — Universitas Uji');
      expect(mail.from).toBe('no-reply@kampus1.test');
      const from = `New message from ${c.lecturer.name}`;
      expect(mail.text).toContain(`${from}: Tugas 3\n  https://kampus1.test/messages/${first.id}`);
      expect(mail.text).toContain(`${from}: Tugas 4\n  https://kampus1.test/messages/${second.id}`);
      expect(mailbox.to('budi.notif@mail.test')).toEqual([]);
    });

    it('lists a notification in one digest only, at most one digest per interval, none for what was read', async () => {
      expect((await h.sweep()).digests).toBe(0);
      await message(c.student.id, 'Tugas 5');
      const read = await message(c.student.id, 'Sudah dibaca');
      await c.asStudent.patch(`/api/notifications?type=COURSE_MESSAGE&objectId=${read.id}`);
      expect((await h.sweep()).digests).toBe(0); // the interval since the last digest has not passed
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await h.sweep()).digests).toBe(1);
      const mail = await mailbox.next(address, 2);
      expect(mail.subject).toBe('1 new notification — Universitas Uji');
      expect(mail.text).toContain('Tugas 5');
      expect(mail.text).not.toContain('Tugas 3');
      expect(mail.text).not.toContain('Sudah dibaca');
    });

    it('keeps the newest address identity sent; an address removed stops the digest', async () => {
      await h.publish('identity.user.upserted', c.tenantId, {
        ...c.student,
        notificationEmail: 'old@mail.test',
        updatedAt: new Date(Date.now() - 3_600_000).toISOString(),
      });
      expect(one((await c.asStudent.get(SETTINGS)).body).attributes).toMatchObject({
        notification_email: address,
      });
      await h.publish('identity.user.upserted', c.tenantId, {
        ...c.student,
        notificationEmail: null,
        updatedAt: new Date().toISOString(),
      });
      await message(c.student.id, 'Tanpa alamat');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await h.sweep()).digests).toBe(0);
      expect(mailbox.to(address)).toHaveLength(2);
    });
  });

  describe("in the user's language", () => {
    it('pushes and mails a user in the language they chose, else their campus’s default, else English', async () => {
      const campus = await h.given.campus({ id: 7, domain: 'kampus7.test', name: 'Universitas Bahasa' });
      const announcer = await h.given.user(7, 'lecturer', { name: 'Bu Sari' });
      const [ida, dora, erik] = await Promise.all(
        ['Ida', 'Dora', 'Erik'].map((name) => h.given.user(7, 'student', { name })),
      );
      const course = await h.project('course.course.upserted', 7, { name: 'Algoritma', classes: [] });
      await h.given.staff(7, { courseId: course.id, lecturerId: announcer.id, assistants: [] });
      const at = (offset: number) => new Date(Date.now() + offset).toISOString();
      await h.publish('identity.user.upserted', 7, {
        ...ida,
        notificationEmail: 'ida@mail.test',
        language: 'id',
        updatedAt: at(0),
      });
      // an older event does not roll the language back; one without it (of before) keeps it
      await h.publish('identity.user.upserted', 7, { ...ida, language: 'fr', updatedAt: at(-60_000) });
      await h.publish('identity.user.upserted', 7, { ...ida, updatedAt: at(1) });
      await h.publish('identity.user.upserted', 7, { ...dora, language: null, updatedAt: at(0) });
      await h.publish('identity.tenant.upserted', 7, {
        ...campus,
        defaultLanguage: 'de',
        updatedAt: at(0),
      });
      const browsers = new Map([ida, dora, erik].map((user) => [user.id, push.browser()]));
      for (const user of [ida, dora, erik])
        await (await h.as(user)).post(TOKENS, register(browsers.get(user.id)!));
      const announced = async (title: string, to: typeof ida) =>
        h.project('messaging.message.sent', 7, {
          senderId: announcer.id,
          receiverIds: [to.id],
          subject: title,
          courseId: course.id,
        });
      await announced('Ujian dipindah', ida);
      await announced('Prüfung verschoben', dora);
      expect((await h.sweep()).pushed).toBe(2);
      await h.publish('identity.tenant.upserted', 7, { ...campus, defaultLanguage: null, updatedAt: at(2) });
      await announced('Exam moved', erik);
      expect((await h.sweep()).pushed).toBe(1);
      const pushed = (user: typeof ida) =>
        push.pushes.find((received) => received.path === new URL(browsers.get(user.id)!.endpoint).pathname)
          ?.payload;
      expect(pushed(ida)).toMatchObject({ title: 'Pesan baru dari Bu Sari', body: 'Ujian dipindah' });
      expect(pushed(dora)).toMatchObject({ title: 'Neue Nachricht von Bu Sari', body: 'Prüfung verschoben' });
      expect(pushed(erik)).toMatchObject({ title: 'New message from Bu Sari', body: 'Exam moved' });

      const mail = await mailbox.next('ida@mail.test');
      expect(mail.subject).toBe('1 notifikasi baru — Universitas Bahasa');
      expect(mail.text).toContain('Anda memiliki 1 notifikasi yang belum dibaca:');
      expect(mail.text).toContain('Pesan baru dari Bu Sari: Ujian dipindah');
      expect(mail.text).toContain('matikan surel di pengaturan notifikasi Anda');
    });
  });
});
