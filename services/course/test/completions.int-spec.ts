import type { JsonDocument } from '@lms/testing';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { Content } from '../src/contents/content.entity';
import { CourseHarness, cast, list, one } from './support/harness';

type Errors = {
  errors: Array<{ status: string; detail: string; source?: { pointer?: string; parameter?: string } }>;
};
const errorsOf = (body: unknown) => (body as Errors).errors;

describe('completion tracking', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course tracking completion, with one module, one activity and three text contents in it. */
  async function setup({ tracking = true } = {}) {
    const c = await cast(h);
    await h.ds.query(`UPDATE courses SET completion_tracking = $2 WHERE id = $1`, [c.course.id, tracking]);
    const module = await h.ds
      .getRepository(CourseModule)
      .save({ courseId: c.course.id, name: 'Week 1', index: 0, isActive: true });
    const activity = await h.ds
      .getRepository(Activity)
      .save({ moduleId: module.id, name: 'Reading', index: 0, isActive: true });
    const content = (name: string, place: { type: 'modules' | 'activities'; id: number }, index = 0) =>
      h.ds.getRepository(Content).save({
        tenantId: 1,
        courseId: c.course.id,
        contentableType: place.type,
        contentableId: place.id,
        index,
        name,
        type: 'text' as const,
        content: `<p>${name}</p>`,
      });
    const inActivity = { type: 'activities' as const, id: activity.id };
    const contents = [
      await content('Intro', inActivity, 0),
      await content('Notes', inActivity, 1),
      await content('Summary', { type: 'modules', id: module.id }, 0),
    ];
    const mark = (client: typeof c.asStudent, id: number, extra: Record<string, unknown> = {}) =>
      client.post('/api/course/completions', {
        data: {
          attributes: {
            course_id: c.course.id,
            completionable_type: 'contents',
            completionable_id: id,
            ...extra,
          },
        },
      });
    return { c, module, activity, contents, content, inActivity, mark };
  }

  describe('the course switch', () => {
    it('is off by default, and its lecturer switches it on', async () => {
      const c = await cast(h);
      const before = await c.asStudent.get(`/api/course/courses/${c.course.id}`);
      expect(one(before.body).attributes.completion_tracking).toBe(false);
      const patched = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, {
        data: { attributes: { completion_tracking: true } },
      });
      expect(patched.status).toBe(200);
      expect(one(patched.body).attributes.completion_tracking).toBe(true);
      const denied = await c.asAssistant.patch(`/api/course/courses/${c.course.id}`, {
        data: { attributes: { completion_tracking: false } },
      });
      expect(denied.status).toBe(403);
    });

    it('answers 422 on the course id when the course does not track completion', async () => {
      const { c, contents, mark } = await setup({ tracking: false });
      const response = await mark(c.asStudent, contents[0].id);
      expect(response.status).toBe(422);
      expect(errorsOf(response.body)[0]).toMatchObject({
        detail: 'This course does not track completion',
        source: { pointer: '/data/attributes/course_id' },
      });
    });
  });

  describe('POST /api/course/completions', () => {
    it('marks a content done and undoes it, each once however often asked', async () => {
      const { c, contents, mark } = await setup();
      const first = await mark(c.asStudent, contents[0].id);
      expect(first.status).toBe(200);
      expect(one(first.body)).toMatchObject({
        type: 'completions',
        id: String(contents[0].id),
        attributes: {
          course_id: c.course.id,
          completionable_type: 'contents',
          completionable_id: contents[0].id,
          is_completed: true,
          students: null,
        },
      });
      const again = await mark(c.asStudent, contents[0].id, { is_delete: 0 });
      expect(one(again.body).attributes).toMatchObject({
        is_completed: true,
        completed_at: one(first.body).attributes.completed_at,
      });
      const [row] = await h.ds.query(
        `SELECT count(*)::int AS n FROM completions WHERE completionable_id = $1`,
        [contents[0].id],
      );
      expect(row.n).toBe(1);

      const undone = await mark(c.asStudent, contents[0].id, { is_delete: 1 });
      expect(undone.status).toBe(200);
      expect(one(undone.body).attributes).toMatchObject({ is_completed: false, completed_at: null });
      expect((await mark(c.asStudent, contents[0].id, { is_delete: true })).status).toBe(200);

      const events = (await h.events('course.completion.changed')).filter(
        (event) => event.data.courseId === c.course.id,
      );
      expect(events.map((event) => [event.data.completed, event.data.completedCount])).toEqual([
        [true, 1],
        [false, 0],
      ]);
      expect(events[0]).toMatchObject({
        tenantId: 1,
        actorId: c.student.id,
        data: {
          userId: c.student.id,
          completionableType: 'contents',
          completionableId: contents[0].id,
          requiredCount: 3,
        },
      });
    });

    it('puts a completion on the student’s timeline once, kept when the mark is undone', async () => {
      const { c, contents, mark } = await setup();
      await mark(c.asStudent, contents[1].id);
      await mark(c.asStudent, contents[1].id);
      await mark(c.asStudent, contents[1].id, { is_delete: 1 });
      const timeline = async (client: typeof c.asStudent, profile: string) =>
        list((await client.get(`/api/timeline/${profile}`)).body).map((entry) => entry.attributes);
      const mine = await timeline(c.asStudent, 'me');
      expect(mine).toEqual([
        expect.objectContaining({
          kind: 'content_completed',
          item_type: 'content',
          item_id: contents[1].id,
          item_name: 'Notes',
          course_id: c.course.id,
          actor_id: null,
        }),
      ]);
      expect(await timeline(c.asLecturer, String(c.student.id))).toEqual(mine);
      const statistic = await c.asStudent.get('/api/timeline/statistic/me?weeks=1');
      expect(one(statistic.body).attributes.totals).toMatchObject({ content_completed: 1 });
      // Marked again after the undo: a second completion, a second entry.
      await mark(c.asStudent, contents[1].id);
      expect((await timeline(c.asStudent, 'me')).map((entry) => entry.kind)).toEqual([
        'content_completed',
        'content_completed',
      ]);
    });

    it('accepts the plain body the client sends', async () => {
      const { c, contents } = await setup();
      const response = await c.asStudent.post('/api/course/completions', {
        course_id: c.course.id,
        completionable_type: 'contents',
        completionable_id: contents[1].id,
        is_delete: 0,
      });
      expect(response.status).toBe(200);
      expect(one(response.body).attributes.is_completed).toBe(true);
    });

    it('lets only the students of the course mark', async () => {
      const { c, contents, mark } = await setup();
      expect((await mark(c.asLecturer, contents[0].id)).status).toBe(403);
      expect((await mark(c.asAssistant, contents[0].id)).status).toBe(403);
      expect((await mark(c.asStranger, contents[0].id)).status).toBe(404);
      // Another campus does not see the content at all.
      expect((await mark(c.asOutsider, contents[0].id)).status).toBe(404);
      const other = await h.given.user(1, 'student');
      expect((await mark(await h.as(other), contents[0].id)).status).toBe(404);
    });

    it('does not let a student mark hidden, not yet started or archived contents (404)', async () => {
      const { c, module, activity, contents, content, mark } = await setup();
      await h.ds.getRepository(Activity).update(activity.id, { isActive: false });
      expect((await mark(c.asStudent, contents[0].id)).status).toBe(404);
      expect((await mark(c.asStudent, contents[2].id)).status).toBe(200);
      await h.ds.getRepository(Activity).update(activity.id, {
        isActive: true,
        startAt: new Date(Date.now() + 86_400_000),
      });
      expect((await mark(c.asStudent, contents[0].id)).status).toBe(404);
      await h.ds.getRepository(Activity).update(activity.id, { startAt: new Date(Date.now() - 60_000) });
      expect((await mark(c.asStudent, contents[0].id)).status).toBe(200);
      await h.ds.getRepository(CourseModule).update(module.id, { isActive: false });
      expect((await mark(c.asStudent, contents[2].id)).status).toBe(404);
      const archived = await content('Old', { type: 'modules', id: module.id }, 5);
      await h.ds.getRepository(Content).update(archived.id, { deletedAt: new Date() });
      await h.ds.getRepository(CourseModule).update(module.id, { isActive: true });
      expect((await mark(c.asStudent, archived.id)).status).toBe(404);
    });

    it('answers 422 with a pointer for a content that does not count, of another course, or a bad body', async () => {
      const { c, contents, mark } = await setup();
      const excluded = await c.asLecturer.patch(`/api/course/contents/${contents[1].id}`, {
        data: { attributes: { completion_required: false } },
      });
      expect(excluded.status).toBe(200);
      expect(one(excluded.body).attributes.completion_required).toBe(false);
      const notCounting = await mark(c.asStudent, contents[1].id);
      expect(notCounting.status).toBe(422);
      expect(errorsOf(notCounting.body)[0]).toMatchObject({
        detail: 'This content does not count towards completion',
        source: { pointer: '/data/attributes/completionable_id' },
      });
      const other = await h.course(1, c.lecturer.id);
      await h.enrol(other.id, 1, [c.student.id]);
      const mismatch = await c.asStudent.post('/api/course/completions', {
        course_id: other.id,
        completionable_type: 'contents',
        completionable_id: contents[0].id,
      });
      expect(mismatch.status).toBe(422);
      expect(errorsOf(mismatch.body)[0].source?.pointer).toBe('/data/attributes/completionable_id');

      const missing = await c.asStudent.post('/api/course/completions', {
        completionable_type: 'contents',
        completionable_id: contents[0].id,
      });
      expect(missing.status).toBe(422);
      expect(errorsOf(missing.body)[0]).toMatchObject({
        detail: 'Course id is required',
        source: { pointer: '/data/attributes/course_id' },
      });
      const wrongType = await mark(c.asStudent, contents[0].id, { completionable_type: 'tasks' });
      expect(wrongType.status).toBe(422);
      expect(errorsOf(wrongType.body)[0].source?.pointer).toBe('/data/attributes/completionable_type');
      const badFlag = await mark(c.asStudent, contents[0].id, { is_delete: 'maybe' });
      expect(badFlag.status).toBe(422);
      expect(errorsOf(badFlag.body)[0].source?.pointer).toBe('/data/attributes/is_delete');
    });
  });

  describe('GET /api/course/completions/content/{id}', () => {
    it("answers the student's own state, and who completed it to those who teach", async () => {
      const { c, contents, mark } = await setup();
      const classmate = await h.given.user(1, 'student', { name: 'Ayu Lestari' });
      await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
      const before = await c.asStudent.get(`/api/course/completions/content/${contents[0].id}`);
      expect(before.status).toBe(200);
      expect(one(before.body).attributes).toMatchObject({
        is_completed: false,
        students: null,
        student_count: null,
      });
      await mark(c.asStudent, contents[0].id);
      await mark(await h.as(classmate), contents[0].id);
      const mine = await c.asStudent.get(`/api/course/completions/content/${contents[0].id}`);
      expect(one(mine.body).attributes).toMatchObject({ is_completed: true, students: null });

      const staff = await c.asAssistant.get(`/api/course/completions/content/${contents[0].id}`);
      expect(staff.status).toBe(200);
      const attributes = one(staff.body).attributes as {
        students: Array<{ user_id: number; name: string }>;
        student_count: number;
        is_completed: boolean;
      };
      expect(attributes.is_completed).toBe(false);
      expect(attributes.student_count).toBe(2);
      expect(attributes.students.map((student) => student.user_id)).toEqual([c.student.id, classmate.id]);
      expect(attributes.students[1].name).toBe('Ayu Lestari');

      expect((await c.asOutsider.get(`/api/course/completions/content/${contents[0].id}`)).status).toBe(404);
      expect((await c.asStranger.get(`/api/course/completions/content/${contents[0].id}`)).status).toBe(404);
    });

    it('hides a hidden content from students but not from staff', async () => {
      const { c, activity, contents } = await setup();
      await h.ds.getRepository(Activity).update(activity.id, { isActive: false });
      expect((await c.asStudent.get(`/api/course/completions/content/${contents[0].id}`)).status).toBe(404);
      expect((await c.asLecturer.get(`/api/course/completions/content/${contents[0].id}`)).status).toBe(200);
    });
  });

  describe('GET /api/course/completions/course/{id}', () => {
    it("lists the caller's marks of the course with their progress", async () => {
      const { c, contents, mark } = await setup();
      await mark(c.asStudent, contents[2].id);
      await mark(c.asStudent, contents[0].id);
      const response = await c.asStudent.get(`/api/course/completions/course/${c.course.id}`);
      expect(response.status).toBe(200);
      expect(list(response.body).map((item) => item.attributes.completionable_id)).toEqual([
        contents[2].id,
        contents[0].id,
      ]);
      expect((response.body as JsonDocument).meta).toEqual({
        total: 2,
        completion_tracking: true,
        completed: 2,
        required: 3,
        percentage: 66.67,
      });
      const staff = await c.asLecturer.get(`/api/course/completions/course/${c.course.id}`);
      expect(list(staff.body)).toEqual([]);
      expect((staff.body as JsonDocument).meta).toMatchObject({ completed: 0, required: 3 });
      expect((await c.asOutsider.get(`/api/course/completions/course/${c.course.id}`)).status).toBe(404);
    });
  });

  describe('when contents change', () => {
    it('forgets the marks of a content deleted for good', async () => {
      const { c, contents, mark } = await setup();
      await mark(c.asStudent, contents[0].id);
      expect((await c.asLecturer.send('DELETE', `/api/course/contents/${contents[0].id}`)).status).toBe(204);
      expect(
        (await c.asLecturer.send('DELETE', `/api/course/contents/${contents[0].id}/permanent`)).status,
      ).toBe(204);
      const [row] = await h.ds.query(
        `SELECT count(*)::int AS n FROM completions WHERE completionable_id = $1`,
        [contents[0].id],
      );
      expect(row.n).toBe(0);
    });
  });
});
