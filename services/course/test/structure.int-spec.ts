import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

describe('course structure: modules, activities and their order', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  describe('POST /api/course/modules', () => {
    it('creates an active module named Untitled at the end of the course, and records the change', async () => {
      const c = await cast(h);
      const first = await c.asLecturer.post('/api/course/modules', {
        data: { attributes: { course_id: c.course.id } },
      });
      expect(first.status).toBe(201);
      expect(one(first.body).attributes).toMatchObject({
        course_id: c.course.id,
        name: 'Untitled',
        is_active: true,
        index: 0,
      });
      const second = await c.asAssistant.post('/api/course/modules', {
        course_id: c.course.id,
        name: 'Week 2',
      });
      expect(one(second.body).attributes).toMatchObject({ name: 'Week 2', index: 1 });

      const events = await h.events('course.structure.changed');
      const mine = events.filter((event) => event.data.courseId === c.course.id);
      expect(mine.map((event) => event.data)).toEqual([
        { courseId: c.course.id, subject: 'module', action: 'created', ids: [Number(one(first.body).id)] },
        { courseId: c.course.id, subject: 'module', action: 'created', ids: [Number(one(second.body).id)] },
      ]);
    });

    it('requires a course id, with the spec text', async () => {
      const c = await cast(h);
      const response = await c.asLecturer.post('/api/course/modules', {
        data: { attributes: { name: 'x' } },
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          detail: 'Course id is required',
          source: { pointer: '/data/attributes/course_id' },
        }),
      ]);
    });

    it('refuses an end before the start', async () => {
      const c = await cast(h);
      const response = await c.asLecturer.post('/api/course/modules', {
        course_id: c.course.id,
        start_at: '2025-03-02 08:00:00',
        end_at: '2025-03-01 08:00:00',
      });
      expect(response.status).toBe(422);
      expect(response.body.errors?.[0].source?.pointer).toBe('/data/attributes/end_at');
    });

    it('is for those who teach the course: a student gets 403, a stranger and another campus 404', async () => {
      const c = await cast(h);
      const body = { course_id: c.course.id };
      expect((await c.asStudent.post('/api/course/modules', body)).status).toBe(403);
      expect((await c.asStranger.post('/api/course/modules', body)).status).toBe(404);
      expect((await c.asOutsider.post('/api/course/modules', body)).status).toBe(404);
      const count = await h.ds.query(`SELECT count(*)::int AS n FROM modules WHERE course_id = $1`, [
        c.course.id,
      ]);
      expect(count[0].n).toBe(0);
    });

    it('adds the batch of sixteen semester modules in order', async () => {
      const c = await cast(h);
      await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name: 'Intro' });
      const response = await c.asLecturer.post('/api/course/modules/batch', { course_id: c.course.id });
      expect(response.status).toBe(201);
      const names = list(response.body).map((m) => m.attributes.name);
      expect(names).toEqual([
        'Module 01',
        'Module 02',
        'Module 03',
        'Quiz 1',
        'Module 05',
        'Module 06',
        'Module 07',
        'Midex/UTS',
        'Module 09',
        'Module 10',
        'Module 11',
        'Quiz 2',
        'Module 13',
        'Module 14',
        'Module 15',
        'Finex/UAS',
      ]);
      const all = await c.asLecturer.get(
        `/api/course/modules?filter[course_id][is]=${c.course.id}&page[limit]=0`,
      );
      expect(list(all.body).map((m) => m.attributes.index)).toEqual([...Array(17).keys()]);
      expect(list(all.body)[0].attributes.name).toBe('Intro');
    });
  });

  describe('PATCH and DELETE /api/course/modules', () => {
    it('updates only what is sent', async () => {
      const c = await cast(h);
      const created = one(
        (await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name: 'A' })).body,
      );
      const response = await c.asLecturer.patch(`/api/course/modules/${created.id}`, {
        data: { attributes: { is_active: false, start_at: '2025-03-01 08:00:00' } },
      });
      expect(response.status).toBe(200);
      expect(one(response.body).attributes).toMatchObject({
        name: 'A',
        is_active: false,
        start_at: '2025-03-01 08:00:00',
      });
      const bad = await c.asLecturer.patch(`/api/course/modules/${created.id}`, { name: '' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.[0].source?.pointer).toBe('/data/attributes/name');
      expect((await c.asStudent.patch(`/api/course/modules/${created.id}`, { name: 'B' })).status).toBe(403);
      expect((await c.asOutsider.patch(`/api/course/modules/${created.id}`, { name: 'B' })).status).toBe(404);
    });

    it('deletes (archives) a module with its activities', async () => {
      const c = await cast(h);
      const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
      await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) });
      expect(
        (await c.asStranger.send<JsonDocument>('DELETE', `/api/course/modules/${module.id}`)).status,
      ).toBe(404);
      const response = await c.asLecturer.send<JsonDocument>('DELETE', `/api/course/modules/${module.id}`);
      expect(response.status).toBe(204);
      const left = await h.ds.query(
        `SELECT count(*)::int AS n FROM activities WHERE module_id = $1 AND deleted_at IS NULL`,
        [Number(module.id)],
      );
      expect(left[0].n).toBe(0);
      expect((await c.asLecturer.get(`/api/course/modules/${module.id}`)).status).toBe(404);
    });

    it('archives several modules at once, or none when one of them is not the caller’s', async () => {
      const c = await cast(h);
      const other = await cast(h);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(
          Number(one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body).id),
        );
      }
      const foreign = Number(
        one((await other.asLecturer.post('/api/course/modules', { course_id: other.course.id })).body).id,
      );
      const refused = await c.asLecturer.send<JsonDocument>('DELETE', '/api/course/modules/delete-multiple', {
        module_ids: [ids[0], foreign],
      });
      expect(refused.status).toBe(404);
      const missing = await c.asLecturer.send<JsonDocument>(
        'DELETE',
        '/api/course/modules/delete-multiple',
        {},
      );
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.[0]).toMatchObject({
        detail: 'Module ids is required',
        source: { pointer: '/data/attributes/module_ids' },
      });
      const count = async () =>
        (
          await h.ds.query(
            `SELECT count(*)::int AS n FROM modules WHERE id = ANY($1) AND deleted_at IS NULL`,
            [[...ids, foreign]],
          )
        )[0].n;
      expect(await count()).toBe(4);

      const response = await c.asLecturer.send<JsonDocument>(
        'DELETE',
        '/api/course/modules/delete-multiple',
        {
          module_ids: ids.slice(0, 2),
        },
      );
      expect(response.status).toBe(200);
      expect(await count()).toBe(2);
    });
  });

  describe('activities', () => {
    it('creates an active Untitled Submodule at the end of its module; needs a module id', async () => {
      const c = await cast(h);
      const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
      const first = await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) });
      expect(first.status).toBe(201);
      expect(one(first.body).attributes).toMatchObject({
        module_id: Number(module.id),
        name: 'Untitled Submodule',
        is_active: true,
        index: 0,
        parent_id: null,
      });
      const second = await c.asLecturer.post('/api/course/activities', {
        module_id: Number(module.id),
        name: 'Lab',
      });
      expect(one(second.body).attributes).toMatchObject({ name: 'Lab', index: 1 });

      const missing = await c.asLecturer.post('/api/course/activities', { name: 'x' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors?.[0]).toMatchObject({
        detail: 'Module id is required',
        source: { pointer: '/data/attributes/module_id' },
      });
      const student = await c.asStudent.post('/api/course/activities', { module_id: Number(module.id) });
      expect(student.status).toBe(403);
      const outsider = await c.asOutsider.post('/api/course/activities', { module_id: Number(module.id) });
      expect(outsider.status).toBe(404);
    });

    it('updates and deletes an activity', async () => {
      const c = await cast(h);
      const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
      const activity = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
      );
      const patched = await c.asAssistant.patch(`/api/course/activities/${activity.id}`, { name: 'Reading' });
      expect(one(patched.body).attributes.name).toBe('Reading');
      const badParent = await c.asLecturer.patch(`/api/course/activities/${activity.id}`, {
        parent_id: 999999,
      });
      expect(badParent.status).toBe(422);
      expect(badParent.body.errors?.[0].source?.pointer).toBe('/data/attributes/parent_id');
      expect(
        (await c.asStranger.send<JsonDocument>('DELETE', `/api/course/activities/${activity.id}`)).status,
      ).toBe(404);
      expect(
        (await c.asLecturer.send<JsonDocument>('DELETE', `/api/course/activities/${activity.id}`)).status,
      ).toBe(204);
      expect((await c.asLecturer.get(`/api/course/activities/${activity.id}`)).status).toBe(404);
    });

    it('shows students only active modules and activities of their course, and nothing of others', async () => {
      const c = await cast(h);
      const shown = one(
        (await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name: 'Shown' })).body,
      );
      await c.asLecturer.post('/api/course/modules', {
        course_id: c.course.id,
        name: 'Hidden',
        is_active: false,
      });
      await c.asLecturer.post('/api/course/activities', { module_id: Number(shown.id), name: 'Open' });
      await c.asLecturer.post('/api/course/activities', {
        module_id: Number(shown.id),
        name: 'Draft',
        is_active: false,
      });

      const path = `/api/course/modules?filter[course_id][is]=${c.course.id}&include=activities`;
      const asStudent = await c.asStudent.get(path);
      expect(list(asStudent.body).map((m) => m.attributes.name)).toEqual(['Shown']);
      expect(asStudent.body.included?.map((a) => a.attributes.name)).toEqual(['Open']);
      const asLecturer = await c.asLecturer.get(path);
      expect(list(asLecturer.body).map((m) => m.attributes.name)).toEqual(['Shown', 'Hidden']);
      expect(asLecturer.body.included?.map((a) => a.attributes.name).sort()).toEqual(['Draft', 'Open']);

      const activities = await c.asStudent.get(`/api/course/activities?filter[course_id][is]=${c.course.id}`);
      expect(list(activities.body).map((a) => a.attributes.name)).toEqual(['Open']);
      expect(list((await c.asStranger.get(path)).body)).toEqual([]);
      expect(list((await c.asOutsider.get(path)).body)).toEqual([]);
    });
  });

  describe('PUT /api/course/courses/sort/{courseId}', () => {
    async function threeModules() {
      const c = await cast(h);
      const ids: number[] = [];
      for (const name of ['A', 'B', 'C']) {
        ids.push(
          Number(
            one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name })).body).id,
          ),
        );
      }
      const names = async () =>
        list((await c.asLecturer.get(`/api/course/modules?filter[course_id][is]=${c.course.id}`)).body).map(
          (m) => m.attributes.name,
        );
      return { c, ids, names };
    }

    it('reorders the modules of a course', async () => {
      const { c, ids, names } = await threeModules();
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        `/api/course/courses/sort/${c.course.id}`,
        {
          type: 'modules',
          ids: [ids[2], ids[0], ids[1]],
        },
      );
      expect(response.status).toBe(204);
      expect(await names()).toEqual(['C', 'A', 'B']);
      const events = await h.events('course.structure.changed');
      expect(events.filter((e) => e.data.courseId === c.course.id).at(-1)?.data).toMatchObject({
        action: 'sorted',
        subject: 'module',
        ids: [ids[2], ids[0], ids[1]],
      });
    });

    it('refuses a partial or foreign list and changes nothing', async () => {
      const { c, ids, names } = await threeModules();
      const other = await cast(h);
      const foreign = Number(
        one((await other.asLecturer.post('/api/course/modules', { course_id: other.course.id })).body).id,
      );
      const path = `/api/course/courses/sort/${c.course.id}`;
      const partial = await c.asLecturer.send<JsonDocument>('PUT', path, {
        type: 'modules',
        ids: [ids[1], ids[0]],
      });
      expect(partial.status).toBe(422);
      expect(partial.body.errors?.[0].source?.pointer).toBe('/data/attributes/ids');
      expect(partial.body.errors?.[0].detail).toContain(`missing ${ids[2]}`);
      const mixed = await c.asLecturer.send<JsonDocument>('PUT', path, {
        type: 'modules',
        ids: [ids[2], ids[1], ids[0], foreign],
      });
      expect(mixed.status).toBe(422);
      const duplicate = await c.asLecturer.send<JsonDocument>('PUT', path, {
        type: 'modules',
        ids: [ids[0], ids[0], ids[1]],
      });
      expect(duplicate.status).toBe(422);
      expect(await names()).toEqual(['A', 'B', 'C']);
    });

    it('needs a type and a list, with the spec texts, and a known type', async () => {
      const { c, ids } = await threeModules();
      const path = `/api/course/courses/sort/${c.course.id}`;
      const none = await c.asLecturer.send<JsonDocument>('PUT', path, { ids: [] });
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual([
        expect.objectContaining({ detail: 'Type is required', source: { pointer: '/data/attributes/type' } }),
        expect.objectContaining({
          detail: 'List id data is required',
          source: { pointer: '/data/attributes/ids' },
        }),
      ]);
      const unknown = await c.asLecturer.send<JsonDocument>('PUT', path, { type: 'weeks', ids });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors?.[0].detail).toBe('type only modules, activities, contents not weeks');
    });

    it('reorders the activities of one module, and is only for those who teach', async () => {
      const c = await cast(h);
      const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
      const a = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id), name: 'a' })).body,
      );
      const b = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id), name: 'b' })).body,
      );
      const body = { type: 'activity', ids: [Number(b.id), Number(a.id)] };
      const path = `/api/course/courses/sort/${c.course.id}`;
      expect((await c.asStudent.send<JsonDocument>('PUT', path, body)).status).toBe(403);
      expect((await c.asOutsider.send<JsonDocument>('PUT', path, body)).status).toBe(404);
      expect((await c.asAssistant.send<JsonDocument>('PUT', path, body)).status).toBe(204);
      const activities = await c.asLecturer.get(`/api/course/activities?filter[module_id][is]=${module.id}`);
      expect(list(activities.body).map((x) => x.attributes.name)).toEqual(['b', 'a']);
    });
  });
});
