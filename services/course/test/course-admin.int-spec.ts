import type { JsonDocument } from '@lms/testing';
import { Period } from '../src/courses/period.entity';
import { CourseHarness, cast, list, one } from './support/harness';

describe('course settings, replication and the campus directory', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  describe('PATCH /api/course/courses/{id}', () => {
    it('updates only what is sent, for the course lecturer, including gradebook_publish', async () => {
      const c = await cast(h);
      const period = await h.ds
        .getRepository(Period)
        .save({ tenantId: 1, name: '2025 Odd', year: 2025, type: 'GANJIL', isActive: true });
      const response = await c.asLecturer.patch(
        `/api/course/courses/${c.course.id}?include=lecturer,period`,
        {
          data: {
            attributes: { name: 'Databases II', period_id: period.id, start_at: '2025-08-25 07:00:00' },
          },
        },
      );
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        name: 'Databases II',
        code: 'DB1',
        period_id: period.id,
        period_year: 2025,
        start_at: '2025-08-25 07:00:00',
        gradebook_publish: false,
      });
      expect(response.body.included?.map((x) => x.type).sort()).toEqual(['lecturers', 'periods']);
      const published = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, {
        gradebook_publish: true,
      });
      // publishing waits for weights summing to 100 (the whole rule: gradebook.int-spec.ts)
      expect(published.status).toBe(422);
      expect(published.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/gradebook_publish' });
    });

    it('validates with pointers and is for the course lecturer only', async () => {
      const c = await cast(h);
      const bad = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, {
        period_id: 999999,
        lecturer_id: c.student.id,
        is_active: 'perhaps',
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.map((e) => e.source?.pointer)).toEqual(['/data/attributes/is_active']);
      const refs = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, {
        period_id: 999999,
        lecturer_id: c.student.id,
      });
      expect(refs.body.errors?.map((e) => e.source?.pointer)).toEqual([
        '/data/attributes/period_id',
        '/data/attributes/lecturer_id',
      ]);
      for (const [client, status] of [
        [c.asAssistant, 403],
        [c.asStudent, 403],
        [c.asStranger, 404],
        [c.asOutsider, 404],
      ] as const) {
        expect((await client.patch(`/api/course/courses/${c.course.id}`, { name: 'x' })).status).toBe(status);
      }
    });

    it('hands the course to another lecturer and records the new staff', async () => {
      const c = await cast(h);
      const response = await c.asLecturer.patch(`/api/course/courses/${c.course.id}`, {
        lecturer_id: c.assistant.id,
      });
      expect(response.status).toBe(200);
      const staff = (await h.events('course.staff.changed')).filter((e) => e.data.courseId === c.course.id);
      expect(staff.at(-1)?.data).toEqual({
        courseId: c.course.id,
        lecturerId: c.assistant.id,
        assistants: [],
      });
      expect(
        one((await c.asAssistant.get(`/api/course/courses/${c.course.id}`)).body).attributes.status,
      ).toBe('LECTURER');
    });
  });

  describe('PUT /api/course/courses/replicate', () => {
    it('copies modules, activities and live contents into the target course, not the students', async () => {
      const c = await cast(h);
      const target = await h.course(1, c.lecturer.id, { name: 'Databases (next year)' });
      const module = one(
        (await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name: 'Week 1' })).body,
      );
      const activity = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id), name: 'Read' }))
          .body,
      );
      const add = (name: string) =>
        c.asLecturer.post('/api/course/contents', {
          contentable_type: 'activities',
          contentable_id: Number(activity.id),
          name,
          type: 'text',
          content: name,
        });
      await add('Kept');
      const archived = one((await add('Archived')).body);
      await c.asLecturer.send('DELETE', `/api/course/contents/${archived.id}`);

      const response = await c.asLecturer.send<JsonDocument>('PUT', '/api/course/courses/replicate', {
        from: c.course.id,
        to: target.id,
      });
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({ copied_modules: 1 });
      const modules = await c.asLecturer.get(
        `/api/course/modules?filter[course_id][is]=${target.id}&include=activities`,
      );
      expect(list(modules.body).map((m) => m.attributes.name)).toEqual(['Week 1']);
      const copiedActivity = modules.body.included![0];
      expect(copiedActivity.attributes.name).toBe('Read');
      const contents = await c.asLecturer.get(
        `/api/course/contents?filter[contentable_type][is]=activities&filter[contentable_id][is]=${copiedActivity.id}`,
      );
      expect(list(contents.body).map((x) => [x.attributes.name, x.attributes.course_id])).toEqual([
        ['Kept', target.id],
      ]);
      const students = await h.ds.query(
        `SELECT count(*)::int AS n FROM class_students cs JOIN classes cl ON cl.id = cs.class_id WHERE cl.course_id = $1`,
        [target.id],
      );
      expect(students[0].n).toBe(0);
    });

    it('keeps nested activities nested and puts course-level contents after the target’s own', async () => {
      const c = await cast(h);
      const target = await h.course(1, c.lecturer.id, { name: 'Databases (copy)' });
      const post = async (path: string, body: object) => one((await c.asLecturer.post(path, body)).body);
      const text = (contentable_type: string, contentable_id: number, name: string) =>
        post('/api/course/contents', { contentable_type, contentable_id, name, type: 'text', content: name });
      const module = await post('/api/course/modules', { course_id: c.course.id, name: 'Week 1' });
      const parent = await post('/api/course/activities', { module_id: Number(module.id), name: 'Unit' });
      await post('/api/course/activities', {
        module_id: Number(module.id),
        name: 'Lesson',
        parent_id: Number(parent.id),
      });
      await text('courses', target.id, 'Target syllabus');
      await text('courses', c.course.id, 'Syllabus');
      await text('courses', c.course.id, 'Rules');

      const put = await c.asLecturer.send('PUT', '/api/course/courses/replicate', {
        from: c.course.id,
        to: target.id,
      });
      expect(put.status).toBe(200);
      const copied: Array<{ name: string; parent: string | null }> = await h.ds.query(
        `SELECT a.name, p.name AS parent FROM activities a JOIN modules m ON m.id = a.module_id
           LEFT JOIN activities p ON p.id = a.parent_id WHERE m.course_id = $1 ORDER BY a.id`,
        [target.id],
      );
      expect(copied).toEqual([
        { name: 'Unit', parent: null },
        { name: 'Lesson', parent: 'Unit' },
      ]);
      const contents = await c.asLecturer.get(
        `/api/course/contents?filter[contentable_type][is]=courses&filter[contentable_id][is]=${target.id}&sort=index`,
      );
      expect(list(contents.body).map((x) => [x.attributes.name, x.attributes.index])).toEqual([
        ['Target syllabus', 0],
        ['Syllabus', 1],
        ['Rules', 2],
      ]);
    });

    it('needs a course the caller lectures as target', async () => {
      const c = await cast(h);
      const other = await cast(h);
      const put = (client: typeof c.asLecturer, body: unknown) =>
        client.send<JsonDocument>('PUT', '/api/course/courses/replicate', body);
      expect((await put(c.asLecturer, { from: c.course.id, to: other.course.id })).status).toBe(404);
      expect((await put(c.asAssistant, { from: c.course.id, to: c.course.id })).status).toBe(422);
      const missing = await put(c.asLecturer, { from: c.course.id });
      expect(missing.body.errors?.[0]).toMatchObject({
        detail: 'to is required',
        source: { pointer: '/data/attributes/to' },
      });
      expect((await put(c.asOutsider, { from: c.course.id, to: other.course.id })).status).toBe(404);
    });
  });

  describe('directory', () => {
    it('lists periods with the active filter, scoped to the campus', async () => {
      const lecturer = await h.given.user(3, 'lecturer');
      const repo = h.ds.getRepository(Period);
      await repo.save([
        { tenantId: 3, name: 'Old', year: 2023, type: 'GENAP', isActive: false },
        { tenantId: 3, name: 'Now', year: 2025, type: 'GANJIL', isActive: true },
        { tenantId: 4, name: 'Elsewhere', year: 2025, type: 'GANJIL', isActive: true },
      ]);
      const client = await h.as(lecturer);
      const active = await client.get('/api/course/periods?filter[is_active][is]=1');
      expect(list(active.body).map((p) => p.attributes.name)).toEqual(['Now']);
      const all = await client.get('/api/course/periods');
      expect(list(all.body).map((p) => p.attributes.name)).toEqual(['Now', 'Old']);
    });

    it('lists the classes and students of a course', async () => {
      const c = await cast(h);
      const other = await h.given.user(1, 'student', { name: 'Zaki', nim: '2201' });
      const classB = await h.enrol(c.course.id, 1, [other.id]);
      const staff = await c.asAssistant.get(`/api/course/courses/${c.course.id}/classes`);
      expect(
        list(staff.body)
          .map((x) => Number(x.id))
          .sort(),
      ).toEqual([c.courseClass.id, classB.id].sort());
      const own = await c.asStudent.get(`/api/course/courses/${c.course.id}/classes`);
      expect(list(own.body).map((x) => Number(x.id))).toEqual([c.courseClass.id]);
      expect((await c.asStranger.get(`/api/course/courses/${c.course.id}/classes`)).status).toBe(404);

      const students = await c.asLecturer.get(
        `/api/course/courses/${c.course.id}/students?filter[class_id][is]=${classB.id}`,
      );
      expect(list(students.body).map((x) => x.attributes)).toEqual([
        expect.objectContaining({ user_id: other.id, name: 'Zaki', code: '2201', class_id: classB.id }),
      ]);
      // A student sees their classmates by name and avatar, and may not search what they do not see.
      const classmates = await c.asStudent.get(`/api/course/courses/${c.course.id}/students?sort=name`);
      expect(classmates.status).toBe(200);
      expect(list(classmates.body).map((x) => x.attributes)).toEqual(
        [
          { user_id: c.student.id, name: c.student.name, thumbnail: null, course_id: c.course.id },
          { user_id: other.id, name: 'Zaki', thumbnail: null, course_id: c.course.id },
        ].sort((a, b) => a.name.localeCompare(b.name)),
      );
      const probe = await c.asStudent.get(`/api/course/courses/${c.course.id}/students?filter[nim][is]=2201`);
      expect(probe.status).toBe(400);
      expect(probe.body.errors?.[0].source?.parameter).toBe('filter[nim]');
      expect((await c.asStudent.get(`/api/course/courses/${c.course.id}/students?sort=code`)).status).toBe(
        400,
      );
      expect((await c.asStranger.get(`/api/course/courses/${c.course.id}/students`)).status).toBe(404);
      expect((await c.asOutsider.get(`/api/course/courses/${c.course.id}/students`)).status).toBe(404);
    });

    it('searches the students of the courses one teaches by name and code, and lecturers by name and nidn', async () => {
      const c = await cast(h);
      const siti = await h.given.user(1, 'student', { name: 'Siti Aminah', nim: '99001' });
      await h.enrol(c.course.id, 1, [siti.id], c.courseClass);
      await h.given.user(1, 'student', { name: 'Siti Nobody', nim: '99003' });
      await h.given.user(2, 'student', { name: 'Siti Elsewhere', nim: '99002' });
      const lecturer = await h.given.user(1, 'lecturer', { name: 'Dr. Budi Santoso', nidn: '0412345678' });
      const byName = await c.asLecturer.get('/api/course/students?filter[name][like]=siti');
      expect(list(byName.body).map((x) => x.attributes.code)).toEqual(['99001']);
      const byCode = await c.asLecturer.get('/api/course/students?filter[code][like]=9900');
      expect(list(byCode.body)).toHaveLength(1);
      // Without a filter: the students of the caller's courses, never the whole campus.
      const all = await c.asLecturer.get('/api/course/students?page[limit]=0');
      expect(
        list(all.body)
          .map((x) => x.attributes.user_id)
          .sort(),
      ).toEqual([c.student.id, siti.id].sort());
      const ofCourse = await c.asLecturer.get(`/api/course/students?filter[course_id][is]=${c.course.id}`);
      expect(
        list(ofCourse.body)
          .map((x) => x.attributes.user_id)
          .sort(),
      ).toEqual([c.student.id, siti.id].sort());
      const notMine = await c.asStranger.get(`/api/course/students?filter[course_id][is]=${c.course.id}`);
      expect(list(notMine.body)).toEqual([]);
      expect(list((await c.asStranger.get('/api/course/students')).body)).toEqual([]);
      expect((await c.asStudent.get('/api/course/students')).status).toBe(403);

      // Lecturers see colleagues by name and NIDN (no e-mail, no username, even through include=user).
      const lecturers = await c.asAssistant.get(
        '/api/course/lecturers?filter[nidn][like]=04123&include=user',
      );
      expect(list(lecturers.body).map((x) => x.attributes.name)).toEqual(['Dr. Budi Santoso']);
      expect(lecturers.body.included?.[0].attributes).toEqual({
        name: 'Dr. Budi Santoso',
        thumbnail: null,
        level: 'lecturer',
        nidn: '0412345678',
      });
      expect((await c.asAssistant.get('/api/course/lecturers?filter[username][is]=x')).status).toBe(400);
      const one_ = await c.asAssistant.get(`/api/course/lecturers/${lecturer.id}`);
      expect(one(one_.body).attributes).toMatchObject({ name: 'Dr. Budi Santoso', nidn: '0412345678' });
      expect((await c.asOutsider.get(`/api/course/lecturers/${lecturer.id}`)).status).toBe(404);

      // A student sees only the staff of their courses, by name and avatar.
      const mine = await c.asStudent.get('/api/course/lecturers?sort=name&include=user');
      expect(
        list(mine.body)
          .map((x) => x.attributes.user_id)
          .sort(),
      ).toEqual([c.lecturer.id, c.assistant.id].sort());
      for (const item of [...list(mine.body), ...(mine.body.included ?? [])]) {
        for (const hidden of ['nidn', 'email', 'username'])
          expect(item.attributes).not.toHaveProperty(hidden);
      }
      expect((await c.asStudent.get(`/api/course/lecturers/${lecturer.id}`)).status).toBe(404);
      const byNidn = await c.asStudent.get('/api/course/lecturers?filter[nidn][like]=04123');
      expect(byNidn.status).toBe(400);
      expect(byNidn.body.errors?.[0].source?.parameter).toBe('filter[nidn]');
    });

    it('shows a course’s staff to its students by name and avatar, to lecturers with NIDN, in full to admins', async () => {
      const c = await cast(h);
      const include = `/api/course/courses/${c.course.id}?include=lecturer,lecturer.user,assistant,assistant.user`;
      const staffOf = async (client: typeof c.asStudent) => {
        const response = await client.get(include);
        expect(response.status).toBe(200);
        return response.body.included ?? [];
      };
      for (const item of await staffOf(c.asStudent)) {
        for (const hidden of ['nidn', 'email', 'username', 'nim'])
          expect(item.attributes).not.toHaveProperty(hidden);
      }
      const asLecturer = await staffOf(c.asAssistant);
      const user = asLecturer.find((item) => item.type === 'users' && item.id === String(c.lecturer.id));
      expect(user?.attributes).toHaveProperty('nidn');
      expect(user?.attributes).not.toHaveProperty('email');
      const admin = await h.given.user(1, 'admin');
      const asAdmin = await staffOf(await h.as(admin));
      expect(asAdmin.find((item) => item.type === 'users')?.attributes).toHaveProperty('email');
    });
  });
});
