import { createEnvelope } from '@lms/events';
import { CourseModule } from '../src/structure/module.entity';
import { UserProjection } from '../src/users/user-projection.entity';
import { EVENT_FACTORIES } from '@lms/testing';
import { CourseHarness, list } from './support/harness';

describe('course service: GET /api/course/courses', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('shows a student the courses of their classes only', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const student = await h.given.user(1, 'student');
    const mine = await h.course(1, lecturer.id, { name: 'Databases' });
    await h.course(1, lecturer.id, { name: 'Networks' });
    await h.enrol(mine.id, 1, [student.id]);

    const response = await (await h.as(student)).get('/api/course/courses');
    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => c.attributes.name)).toEqual(['Databases']);
  });

  it('shows a lecturer the courses they teach or assist, and an admin every course of the campus', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const colleague = await h.given.user(1, 'lecturer');
    const admin = await h.given.user(1, 'admin');
    const taught = await h.course(1, lecturer.id, { name: 'Taught' });
    const assisted = await h.course(1, colleague.id, { name: 'Assisted' });
    await h.course(1, colleague.id, { name: 'Not mine' });
    await h.course(2, lecturer.id, { name: 'Other campus' });
    await h.assist(assisted.id, lecturer.id);

    const asLecturer = await (await h.as(lecturer)).get('/api/course/courses?sort=name');
    expect(list(asLecturer.body).map((c) => [c.attributes.name, c.attributes.status])).toEqual([
      ['Assisted', 'ASSISTANT'],
      ['Taught', 'LECTURER'],
    ]);
    const asAdmin = await (await h.as(admin)).get('/api/course/courses?page[limit]=-1');
    const names = list(asAdmin.body).map((c) => c.attributes.name);
    expect(names).toEqual(expect.arrayContaining(['Taught', 'Assisted', 'Not mine']));
    expect(names).not.toContain('Other campus');
    expect(taught.id).toBeGreaterThan(0);
  });

  it('answers 404 for a course of another campus, even to its own lecturer id', async () => {
    const lecturer = await h.given.user(2, 'lecturer');
    const foreign = await h.course(2, lecturer.id);
    const response = await (
      await h.as({ ...lecturer, tenantId: 1 })
    ).get(`/api/course/courses/${foreign.id}`);
    expect(response.status).toBe(404);
  });

  it('filters, sorts and pages, with meta.total', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    for (const name of ['Calculus I', 'Calculus II', 'Calculus III', 'Physics'])
      await h.course(1, lecturer.id, { name });
    const client = await h.as(lecturer);
    const response = await client.get(
      '/api/course/courses?filter[name][like]=calc&sort=-name&page[limit]=2&page[offset]=1',
    );
    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => c.attributes.name)).toEqual(['Calculus II', 'Calculus I']);
    expect(response.body.meta).toMatchObject({ total: 3, limit: 2, offset: 1 });

    const bad = await client.get('/api/course/courses?filter[name][gt]=x');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].source?.parameter).toBe('filter[name][gt]');
  });

  it('reads date filters in the campus time zone the dates are shown in', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    // Asia/Jakarta (UTC+7, the token's campus zone): shown as 2026-03-01 07:00:00 and 04:00:00.
    const morning = await h.course(1, lecturer.id, {
      name: 'Morning',
      startAt: new Date('2026-03-01T00:00:00Z'),
    });
    await h.course(1, lecturer.id, { name: 'Dawn', startAt: new Date('2026-02-28T21:00:00Z') });
    const client = await h.as(lecturer);

    const response = await client.get(
      `/api/course/courses?filter[start_at][gte]=${encodeURIComponent('2026-03-01 05:00:00')}`,
    );

    expect(response.status).toBe(200);
    expect(list(response.body).map((c) => [c.id, c.attributes.start_at])).toEqual([
      [String(morning.id), '2026-03-01 07:00:00'],
    ]);
  });

  it('reads a page with its total and every include in one statement (no N+1)', async () => {
    const lecturer = await h.given.user(1, 'lecturer');
    const client = await h.as(lecturer);
    const countQueries = async () => {
      // Every statement is logged, TypeORM's and the list's own (ListQuery).
      const spy = jest.spyOn(h.ds.logger, 'logQuery');
      const response = await client.get(
        '/api/course/courses?include=modules,modules.activities,lecturer,class&page[limit]=50',
      );
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
        const c = await h.course(1, lecturer.id, { name: `N+1 ${i}` });
        await h.ds.getRepository(CourseModule).save([
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
    expect(many.calls).toBe(1);
  });

  describe('users projection (identity.user.upserted)', () => {
    const upserted = (name: string, updatedAt: string) =>
      createEnvelope({
        type: 'identity.user.upserted',
        tenantId: 1,
        data: { ...EVENT_FACTORIES['identity.user.upserted'](5000), name, updatedAt },
      });

    it('applies an event once, and never lets an older version overwrite a newer one', async () => {
      const newer = upserted('New Name', '2026-01-02T00:00:00.000Z');
      const older = upserted('Old Name', '2026-01-01T00:00:00.000Z');
      expect(await h.deliver(newer)).toBe(true);
      expect(await h.deliver(newer)).toBe(true);
      expect(await h.deliver(older)).toBe(true);
      const row = await h.ds.getRepository(UserProjection).findOneByOrFail({ id: 5000 });
      expect(row.name).toBe('New Name');
      const inbox = await h.ds.query(`SELECT count(*)::int AS n FROM inbox WHERE event_id = $1`, [newer.id]);
      expect(inbox[0].n).toBe(1);
    });
  });
});
