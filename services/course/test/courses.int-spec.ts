import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { createEnvelope, InProcessTransport, type IdentityUserUpserted } from '@lms/events';
import {
  ApiClient,
  createTestDatabase,
  createTestIssuer,
  expectEventually,
  mintToken,
  type JsonResource,
} from '@lms/testing';
import type { PlatformRole } from '@lms/auth';
import { CourseConfig, startCourse } from '../src';
import { ClassStudent } from '../src/courses/class-student.entity';
import { CourseAssistant } from '../src/courses/course-assistant.entity';
import { CourseClass } from '../src/courses/course-class.entity';
import { Course } from '../src/courses/course.entity';
import { CourseModule } from '../src/structure/module.entity';
import { UserProjection } from '../src/users/user-projection.entity';

const list = (doc: { data?: unknown }) => doc.data as JsonResource[];

describe('course service: GET /api/course/courses', () => {
  const issuer = createTestIssuer();
  const transport = new InProcessTransport();
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let api: ApiClient;
  let nextUserId = 1000;

  async function user(tenantId: number, role: PlatformRole, name = `User ${nextUserId}`) {
    const id = nextUserId++;
    return ds.getRepository(UserProjection).save({
      id,
      tenantId,
      username: `u${id}`,
      name,
      email: null,
      thumbnail: null,
      role,
      active: true,
      nidn: null,
      nim: null,
      sourceUpdatedAt: new Date(),
    });
  }

  async function course(tenantId: number, lecturerId: number, overrides: Partial<Course> = {}) {
    return ds.getRepository(Course).save({ tenantId, lecturerId, name: 'Course', code: null, ...overrides });
  }

  async function enrol(courseId: number, tenantId: number, ...studentIds: number[]) {
    const courseClass = await ds
      .getRepository(CourseClass)
      .save({ tenantId, courseId, name: `C${courseId}` });
    await ds
      .getRepository(ClassStudent)
      .insert(studentIds.map((userId) => ({ classId: courseClass.id, userId })));
  }

  const token = (userId: number, role: PlatformRole, tenantId = 1) =>
    mintToken(issuer, { userId, role, tenantId });

  const dataDir = mkdtempSync(join(tmpdir(), 'lms-course-'));

  beforeAll(async () => {
    db = await createTestDatabase('course');
    app = await startCourse(
      CourseConfig.fromEnv({
        DATABASE_URL: db.url,
        JWT_PUBLIC_KEY: issuer.publicKeyPem,
        PORT: '0',
        DATA_DIR: dataDir,
      }),
      transport,
      { logLevel: 'error' },
    );
    transport.open();
    ds = app.get(DataSource);
    const address = app.getHttpServer().address();
    api = new ApiClient(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  });

  afterAll(async () => {
    await app.close();
    await db.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a student the courses of their classes only', async () => {
    const lecturer = await user(1, 'lecturer');
    const student = await user(1, 'student');
    const mine = await course(1, lecturer.id, { name: 'Databases' });
    await course(1, lecturer.id, { name: 'Networks' });
    await enrol(mine.id, 1, student.id);

    const response = await api.as(await token(student.id, 'student')).get('/api/course/courses');
    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => c.attributes.name)).toEqual(['Databases']);
  });

  it('shows a lecturer the courses they teach or assist, and an admin every course of the campus', async () => {
    const lecturer = await user(1, 'lecturer');
    const colleague = await user(1, 'lecturer');
    const admin = await user(1, 'admin');
    const taught = await course(1, lecturer.id, { name: 'Taught' });
    const assisted = await course(1, colleague.id, { name: 'Assisted' });
    await course(1, colleague.id, { name: 'Not mine' });
    await course(2, lecturer.id, { name: 'Other campus' });
    await ds.getRepository(CourseAssistant).insert({ courseId: assisted.id, userId: lecturer.id });

    const asLecturer = await api
      .as(await token(lecturer.id, 'lecturer'))
      .get('/api/course/courses?sort=name');
    expect(list(asLecturer.body).map((c) => [c.attributes.name, c.attributes.status])).toEqual([
      ['Assisted', 'ASSISTANT'],
      ['Taught', 'LECTURER'],
    ]);
    const asAdmin = await api.as(await token(admin.id, 'admin')).get('/api/course/courses?page[limit]=-1');
    const names = list(asAdmin.body).map((c) => c.attributes.name);
    expect(names).toEqual(expect.arrayContaining(['Taught', 'Assisted', 'Not mine']));
    expect(names).not.toContain('Other campus');
    expect(taught.id).toBeGreaterThan(0);
  });

  it('answers 404 for a course of another campus, even to its own lecturer id', async () => {
    const lecturer = await user(2, 'lecturer');
    const foreign = await course(2, lecturer.id);
    const response = await api
      .as(await token(lecturer.id, 'lecturer', 1))
      .get(`/api/course/courses/${foreign.id}`);
    expect(response.status).toBe(404);
  });

  it('filters, sorts and pages, with meta.total', async () => {
    const lecturer = await user(1, 'lecturer');
    for (const name of ['Calculus I', 'Calculus II', 'Calculus III', 'Physics'])
      await course(1, lecturer.id, { name });
    const bearer = await token(lecturer.id, 'lecturer');
    const response = await api
      .as(bearer)
      .get('/api/course/courses?filter[name][like]=calc&sort=-name&page[limit]=2&page[offset]=1');
    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => c.attributes.name)).toEqual(['Calculus II', 'Calculus I']);
    expect(response.body.meta).toMatchObject({ total: 3, limit: 2, offset: 1 });

    const bad = await api.as(bearer).get('/api/course/courses?filter[name][gt]=x');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].source?.parameter).toBe('filter[name][gt]');
  });

  it('reads date filters in the campus time zone the dates are shown in', async () => {
    const lecturer = await user(1, 'lecturer');
    // Asia/Jakarta (UTC+7, the token's campus zone): shown as 2026-03-01 07:00:00 and 04:00:00.
    const morning = await course(1, lecturer.id, {
      name: 'Morning',
      startAt: new Date('2026-03-01T00:00:00Z'),
    });
    await course(1, lecturer.id, { name: 'Dawn', startAt: new Date('2026-02-28T21:00:00Z') });
    const bearer = await token(lecturer.id, 'lecturer');

    const response = await api
      .as(bearer)
      .get(`/api/course/courses?filter[start_at][gte]=${encodeURIComponent('2026-03-01 05:00:00')}`);

    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => [c.id, c.attributes.start_at])).toEqual([
      [String(morning.id), '2026-03-01 07:00:00'],
    ]);
  });

  it('loads includes for a whole page in a fixed number of queries (no N+1)', async () => {
    const lecturer = await user(1, 'lecturer');
    const bearer = await token(lecturer.id, 'lecturer');
    const countQueries = async () => {
      const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      const response = await api
        .as(bearer)
        .get('/api/course/courses?include=modules,modules.activities,lecturer,class&page[limit]=50');
      // Only this request's reads: the outbox relay polls on its own timer meanwhile.
      const calls = spy.mock.calls.filter(
        ([sql]) => !/\b(outbox|inbox)\b|^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i.test(String(sql)),
      ).length;
      spy.mockRestore();
      expect(response.status).toBe(200);
      return { calls, count: list(response.body).length };
    };
    const addCourses = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const c = await course(1, lecturer.id, { name: `N+1 ${i}` });
        await ds.getRepository(CourseModule).save([
          { courseId: c.id, index: 0 },
          { courseId: c.id, index: 1 },
        ]);
      }
    };
    await addCourses(2);
    const few = await countQueries();
    await addCourses(20);
    const many = await countQueries();
    expect(many.count).toBe(few.count + 20);
    expect(many.calls).toBe(few.calls);
    expect(many.calls).toBeLessThanOrEqual(4);
  });

  describe('users projection (identity.user.upserted)', () => {
    const upserted = (data: Partial<IdentityUserUpserted> & { id: number }, updatedAt: string) =>
      createEnvelope<IdentityUserUpserted>({
        type: 'identity.user.upserted',
        tenantId: 1,
        data: {
          username: 'projected',
          name: 'Projected User',
          email: null,
          thumbnail: null,
          role: 'student',
          active: true,
          nidn: null,
          nim: '123',
          ...data,
          updatedAt,
        },
      });

    it('applies an event once, and never lets an older version overwrite a newer one', async () => {
      const newer = upserted({ id: 5000, name: 'New Name' }, '2026-01-02T00:00:00.000Z');
      const older = upserted({ id: 5000, name: 'Old Name' }, '2026-01-01T00:00:00.000Z');
      await transport.publish('identity.user', '5000', newer);
      await transport.publish('identity.user', '5000', newer);
      await transport.publish('identity.user', '5000', older);
      await expectEventually(async () => {
        const row = await ds.getRepository(UserProjection).findOneByOrFail({ id: 5000 });
        expect(row.name).toBe('New Name');
      });
      const inbox = await ds.query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [newer.id]);
      expect(inbox[0].n).toBe(1);
    });
  });
});
