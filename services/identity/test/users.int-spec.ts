import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import type { PlatformRole } from '@lms/auth';
import {
  createEnvelope,
  type EventDataMap,
  type EventType,
  EVERY_CAMPUS,
  InProcessTransport,
  topicOf,
} from '@lms/events';
import { startService } from '@lms/platform';
import {
  ApiClient,
  createTestDatabase,
  createTestIssuer,
  expectEventually,
  type JsonResource,
  mintToken,
} from '@lms/testing';
import { IdentityConfig, identityService } from '../src';
import { Tenant } from '../src/tenants/tenant.entity';
import { User } from '../src/users/user.entity';

const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
const one = (doc: { data?: unknown }) => doc.data as JsonResource;

/** Identity with its memberships projection fed by course events, as each role sees users. */
describe('who sees whom in the user directory', () => {
  const issuer = createTestIssuer();
  const transport = new InProcessTransport();
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let api: ApiClient;
  let tenantId: number;
  let otherTenant: number;
  const people: Record<string, User> = {};
  let courseId = 5000;

  async function person(name: string, level: PlatformRole, extra: Partial<User> = {}, campus = tenantId) {
    people[name] = await ds.getRepository(User).save({
      tenantId: campus,
      username: name.toLowerCase(),
      name,
      email: `${name.toLowerCase()}@campus.test`,
      passwordHash: 'not-used',
      level,
      nim: level === 'student' ? `NIM-${name}` : null,
      nidn: level === 'lecturer' ? `NIDN-${name}` : null,
      lastOnline: new Date('2026-01-01T00:00:00Z'),
      ...extra,
    });
    return people[name];
  }

  async function publish<T extends EventType>(type: T, data: EventDataMap[T], occurredAt?: Date) {
    const envelope = createEnvelope({ type, tenantId, data });
    if (occurredAt) envelope.occurredAt = occurredAt.toISOString();
    await transport.publish(topicOf(type), String((data as { courseId?: number }).courseId ?? 0), envelope);
  }

  const as = async (name: string) =>
    api.as(await mintToken(issuer, { userId: people[name].id, role: people[name].level, tenantId }));

  beforeAll(async () => {
    db = await createTestDatabase('identity');
    app = await startService(
      identityService,
      IdentityConfig.fromEnv({
        DATABASE_URL: db.url,
        JWT_PUBLIC_KEY: issuer.publicKeyPem,
        INTERNAL_TOKEN: 'internal-test-token',
        PORT: '0',
      }),
      transport,
      { logLevel: process.env.TEST_LOG_LEVEL ?? 'error' },
    );
    transport.open();
    ds = app.get(DataSource);
    const address = app.getHttpServer().address();
    api = new ApiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    const tenants = ds.getRepository(Tenant);
    tenantId = (await tenants.save({ domain: 'who.test', name: 'Who University', timeZone: 'Asia/Jakarta' }))
      .id;
    otherTenant = (await tenants.save({ domain: 'else.test', name: 'Elsewhere', timeZone: 'Asia/Jakarta' }))
      .id;
    await person('Lena', 'lecturer');
    await person('Asa', 'lecturer');
    await person('Colin', 'lecturer');
    await person('Sari', 'student');
    await person('Tono', 'student');
    await person('Umar', 'student', { lastOnline: new Date('2026-06-01T00:00:00Z') });
    await person('Vera', 'student');
    await person('Adam', 'admin');
    await person('Faraway', 'student', {}, otherTenant);
    // Course A: Lena teaches, Asa assists; Sari and Tono study (snapshot), Umar joins later.
    courseId += 1;
    await publish('course.staff.changed', {
      courseId,
      lecturerId: people.Lena.id,
      assistants: [{ userId: people.Asa.id, isCoordinator: true }],
    });
    await publish('course.enrolment.snapshotted', {
      courseId,
      students: [
        { classId: 1, userId: people.Sari.id },
        { classId: 1, userId: people.Tono.id },
      ],
    });
    await publish('course.enrolment.changed', {
      courseId,
      classId: 2,
      userId: people.Umar.id,
      enrolled: true,
      reason: 'joined',
    });
    // Course B: Colin teaches Vera.
    await publish('course.staff.changed', {
      courseId: courseId + 1,
      lecturerId: people.Colin.id,
      assistants: [],
    });
    await publish('course.enrolment.changed', {
      courseId: courseId + 1,
      classId: 3,
      userId: people.Vera.id,
      enrolled: true,
      reason: 'joined',
    });
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const names = (doc: { data?: unknown }) => list(doc).map((user) => user.attributes.name);

  it('shows a student themselves in full and the people of their courses by name and avatar only', async () => {
    const sari = await as('Sari');
    const listed = await sari.get('/api/course/users?sort=name&page[limit]=0');
    expect(listed.status).toBe(200);
    expect(names(listed.body)).toEqual(['Asa', 'Lena', 'Sari', 'Tono', 'Umar']);
    const byName = new Map(list(listed.body).map((user) => [user.attributes.name, user.attributes]));
    expect(byName.get('Sari')).toMatchObject({
      email: 'sari@campus.test',
      nim: 'NIM-Sari',
      username: 'sari',
    });
    for (const name of ['Tono', 'Lena']) {
      const attributes = byName.get(name)!;
      expect(Object.keys(attributes).sort()).toEqual(
        [
          'level',
          'lecturer_id',
          'lptk_id',
          'name',
          'student_id',
          'student_ids',
          'thumbnail',
          'university_id',
          'university_name',
        ].sort(),
      );
    }
    const lecturer = await sari.get(`/api/course/users/${people.Lena.id}`);
    expect(lecturer.status).toBe(200);
    expect(lecturer.body.data).not.toHaveProperty('attributes.email');
    expect(lecturer.body.data).not.toHaveProperty('attributes.nidn');
    for (const stranger of ['Vera', 'Colin', 'Adam', 'Faraway']) {
      expect((await sari.get(`/api/course/users/${people[stranger].id}`)).status).toBe(404);
    }
    expect((await sari.get(`/api/stats/user/${people.Tono.id}`)).status).toBe(403);
    expect((await sari.get(`/api/stats/user/${people.Vera.id}`)).status).toBe(404);
  });

  it('never lets a filter or sort on a hidden field tell a student anything', async () => {
    const sari = await as('Sari');
    const byEmail = await sari.get('/api/course/users?filter[email][like]=campus.test');
    expect(names(byEmail.body)).toEqual(['Sari']);
    const byNim = await sari.get(`/api/course/users?filter[nim][is]=NIM-Tono`);
    expect(list(byNim.body)).toEqual([]);
    const byNidn = await sari.get(`/api/course/users?filter[nidn][like]=NIDN`);
    expect(list(byNidn.body)).toEqual([]);
    // Umar was online last, but only Sari's own time counts for her: the others sort as unknown.
    const sorted = await sari.get('/api/course/users?sort=-last_online,name');
    expect(names(sorted.body)).toEqual(['Asa', 'Lena', 'Tono', 'Umar', 'Sari']);
  });

  it('shows staff the details of their students, colleagues by name and NIDN, and no other student', async () => {
    const asa = await as('Asa');
    const listed = await asa.get('/api/course/users?sort=name&page[limit]=0');
    expect(names(listed.body)).toEqual(['Asa', 'Colin', 'Lena', 'Sari', 'Tono', 'Umar']);
    const byName = new Map(list(listed.body).map((user) => [user.attributes.name, user.attributes]));
    expect(byName.get('Umar')).toMatchObject({
      email: 'umar@campus.test',
      nim: 'NIM-Umar',
      last_online: expect.any(String),
    });
    expect(byName.get('Umar')).not.toHaveProperty('notification_email');
    expect(byName.get('Colin')).toMatchObject({ nidn: 'NIDN-Colin' });
    expect(byName.get('Colin')).not.toHaveProperty('email');
    expect((await asa.get(`/api/course/users/${people.Vera.id}`)).status).toBe(404);
    expect((await asa.get(`/api/stats/user/${people.Tono.id}`)).status).toBe(200);
    expect((await asa.get(`/api/stats/user/${people.Colin.id}`)).status).toBe(403);
    // A colleague's e-mail cannot be probed, their NIDN can (it is shown).
    expect(list((await asa.get('/api/course/users?filter[email][like]=colin')).body)).toEqual([]);
    expect(names((await asa.get('/api/course/users?filter[nidn][is]=NIDN-Colin')).body)).toEqual(['Colin']);
  });

  it('shows an admin every user of their campus in detail, and nobody of another campus', async () => {
    const adam = await as('Adam');
    const listed = await adam.get('/api/course/users?sort=name&page[limit]=0');
    expect(names(listed.body)).toEqual(['Adam', 'Asa', 'Colin', 'Lena', 'Sari', 'Tono', 'Umar', 'Vera']);
    expect(list(listed.body).find((user) => user.attributes.name === 'Vera')?.attributes).toMatchObject({
      email: 'vera@campus.test',
    });
    expect((await adam.get(`/api/course/users/${people.Faraway.id}`)).status).toBe(404);
  });

  it('follows memberships as they change, and an older event never undoes a newer one', async () => {
    const lena = await as('Lena');
    const umar = () => lena.get(`/api/course/users/${people.Umar.id}`);
    expect(one((await umar()).body).attributes).toHaveProperty('nim', 'NIM-Umar');
    const left = new Date();
    await publish(
      'course.enrolment.changed',
      {
        courseId,
        classId: 2,
        userId: people.Umar.id,
        enrolled: false,
        reason: 'left',
      },
      left,
    );
    await expectEventually(async () => expect((await umar()).status).toBe(404));
    // A snapshot taken before Umar left (still listing him) arrives late: he stays gone.
    await publish(
      'course.enrolment.snapshotted',
      {
        courseId,
        students: [
          { classId: 1, userId: people.Sari.id },
          { classId: 1, userId: people.Tono.id },
          { classId: 2, userId: people.Umar.id },
        ],
      },
      new Date(left.getTime() - 1000),
    );
    expect((await umar()).status).toBe(404);
    // A newer snapshot without Tono removes him; a stale staff snapshot does not bring Colin in.
    await publish('course.enrolment.snapshotted', {
      courseId,
      students: [{ classId: 1, userId: people.Sari.id }],
    });
    await expectEventually(async () =>
      expect((await lena.get(`/api/course/users/${people.Tono.id}`)).status).toBe(404),
    );
    await publish(
      'course.staff.changed',
      { courseId, lecturerId: people.Colin.id, assistants: [] },
      new Date(Date.now() - 3600_000),
    );
    const sari = await as('Sari');
    expect((await sari.get(`/api/course/users/${people.Colin.id}`)).status).toBe(404);
    expect((await sari.get(`/api/course/users/${people.Lena.id}`)).status).toBe(200);
  });
});

describe('the memberships backfill', () => {
  it('asks the course service once per database for the courses, staff and students of every campus', async () => {
    const db = await createTestDatabase('identity');
    const issuer = createTestIssuer();
    const start = async () => {
      const transport = new InProcessTransport();
      const app = await startService(
        identityService,
        IdentityConfig.fromEnv({
          DATABASE_URL: db.url,
          JWT_PUBLIC_KEY: issuer.publicKeyPem,
          INTERNAL_TOKEN: 'internal-test-token',
          PORT: '0',
        }),
        transport,
        { logLevel: process.env.TEST_LOG_LEVEL ?? 'error' },
      );
      transport.open();
      return { app, ds: app.get(DataSource) };
    };
    const requests = async (ds: DataSource) =>
      (await ds.query(
        `SELECT envelope FROM outbox WHERE type = 'platform.snapshot.requested' ORDER BY envelope->>'tenantId'`,
      )) as Array<{ envelope: { tenantId: number; data: unknown } }>;
    try {
      // The first start asks; an identity whose marks are gone (restored from an older backup) asks again.
      let { app, ds } = await start();
      expect(await requests(ds)).toHaveLength(1);
      await ds.query(`DELETE FROM projection_backfills`);
      await app.close();

      ({ app, ds } = await start());
      const asked = await requests(ds);
      expect(asked.map((row) => row.envelope.tenantId)).toEqual([EVERY_CAMPUS, EVERY_CAMPUS]);
      expect(asked[1].envelope.data).toEqual({
        requestedBy: 'identity',
        topics: ['course.course', 'course.staff', 'course.enrolment'],
      });
      await app.close();

      ({ app, ds } = await start());
      expect(await requests(ds)).toHaveLength(2);
      await app.close();
    } finally {
      await db.drop();
    }
  });
});
