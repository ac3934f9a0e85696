import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

describe('course contents', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with one module holding one activity. */
  async function setup() {
    const c = await cast(h);
    const module = one((await c.asLecturer.post('/api/course/modules', { course_id: c.course.id })).body);
    const activity = one(
      (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
    );
    const inActivity = (extra: Record<string, unknown>) => ({
      contentable_type: 'activities',
      contentable_id: Number(activity.id),
      name: 'Item',
      ...extra,
    });
    const add = async (extra: Record<string, unknown>) => {
      const response = await c.asLecturer.post('/api/course/contents', {
        data: { attributes: inActivity(extra) },
      });
      expect(response.status).toBe(201);
      return one(response.body);
    };
    const names = async (query = '') =>
      list(
        (
          await c.asLecturer.get(
            `/api/course/contents?filter[contentable_type][is]=activities&filter[contentable_id][is]=${activity.id}&page[limit]=0${query}`,
          )
        ).body,
      ).map((x) => x.attributes.name);
    return { c, module, activity, inActivity, add, names };
  }

  describe('POST /api/course/contents', () => {
    it('creates contents of every type, each after the highest index', async () => {
      const { c, add, activity } = await setup();
      const text = await add({ type: 'text', name: 'Welcome', content: '<p>Hello</p>', index: 99 });
      expect(text.attributes).toMatchObject({
        contentable_type: 'activities',
        contentable_id: Number(activity.id),
        course_id: c.course.id,
        contents_type: 'text',
        content: '<p>Hello</p>',
        index: 0,
        size: null,
        mime: null,
      });
      const link = await add({ type: 'link', content: 'https://example.org/reading' });
      const video = await add({ type: 'video', content: 'https://www.youtube.com/watch?v=abc' });
      const key = await h.uploaded(c.course.id, c.lecturer.id, { size: 2048, mime: 'application/pdf' });
      const file = await add({
        type: 'file',
        name: 'slides.pdf',
        content: key,
        size: 2048,
        mime: 'application/pdf',
      });
      expect(file.attributes).toMatchObject({ content: key, size: 2048, mime: 'application/pdf' });
      const conferences = [
        ['zoom', 'https://us02web.zoom.us/j/123456789'],
        ['google-meet', 'https://meet.google.com/abc-defg-hij'],
        ['ms-teams', 'https://teams.microsoft.com/l/meetup-join/abc'],
        ['webex', 'https://campus.webex.com/meet/lecturer'],
        ['cloudx', 'https://cloudx.example.id/room/42'],
      ];
      for (const [type, content] of conferences) await add({ type, content, name: type });
      expect([link, video, file].map((x) => x.attributes.index)).toEqual([1, 2, 3]);
      const conferencesList = await c.asStudent.get(
        `/api/course/contents?filter[course_id][is]=${c.course.id}&filter[type][in]=zoom,google-meet,ms-teams,cloudx,webex&sort=-updated_at`,
      );
      expect(list(conferencesList.body)).toHaveLength(5);
    });

    it.each([
      [{ type: 'text', content: '  ' }, 'content', 'content is required for a text content'],
      [
        { type: 'link', content: 'javascript:alert(1)' },
        'content',
        'content must be a web address (http:// or https://) for a link content',
      ],
      [
        { type: 'zoom', content: 'https://evil.example.com/zoom.us' },
        'content',
        'content must be a Zoom meeting link (https://…)',
      ],
      [
        { type: 'google-meet', content: 'http://meet.google.com/abc' },
        'content',
        'content must be a Google Meet link (https://…)',
      ],
      [
        { type: 'ms-teams', content: 'https://teams.example.com/x' },
        'content',
        'content must be a Microsoft Teams link (https://…)',
      ],
      [
        { type: 'webex', content: 'https://webex.com.evil.io/x' },
        'content',
        'content must be a Webex link (https://…)',
      ],
      [
        { type: 'file', content: '../etc/passwd', size: 1, mime: 'text/plain' },
        'content',
        'content must be the storage key of the uploaded file',
      ],
      [
        { type: 'file', content: 'a/b.pdf', size: 3, mime: 'application/pdf' },
        'content',
        'content must be the storage key of a file you uploaded to this course',
      ],
      [
        { type: 'podcast', content: 'x' },
        'type',
        'type only file, link, text, video, zoom, google-meet, ms-teams, cloudx, webex not podcast',
      ],
    ])('refuses %j', async (extra, field, detail) => {
      const { c, inActivity, names } = await setup();
      const response = await c.asLecturer.post('/api/course/contents', inActivity(extra));
      expect(response.status).toBe(422);
      expect(response.body.errors?.[0]).toMatchObject({
        detail,
        source: { pointer: `/data/attributes/${field}` },
      });
      expect(await names()).toEqual([]);
    });

    it('needs the contentable, with the spec texts', async () => {
      const { c } = await setup();
      const response = await c.asLecturer.post('/api/course/contents', {
        name: 'x',
        type: 'text',
        content: 'x',
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([
        expect.objectContaining({
          detail: 'Contentable type is required',
          source: { pointer: '/data/attributes/contentable_type' },
        }),
        expect.objectContaining({
          detail: 'Contentable id is required',
          source: { pointer: '/data/attributes/contentable_id' },
        }),
      ]);
    });

    it('accepts a server model name for activities and attaches to modules and courses too', async () => {
      const { c, module, activity } = await setup();
      const viaModel = await c.asLecturer.post('/api/course/contents', {
        contentable_type: 'App\\Models\\Activity',
        contentable_id: Number(activity.id),
        name: 'n',
        type: 'text',
        content: 't',
      });
      expect(one(viaModel.body).attributes.contentable_type).toBe('activities');
      for (const [type, id] of [
        ['modules', Number(module.id)],
        ['courses', c.course.id],
      ] as const) {
        const response = await c.asLecturer.post('/api/course/contents', {
          contentable_type: type,
          contentable_id: id,
          name: 'n',
          type: 'text',
          content: 't',
        });
        expect(response.status).toBe(201);
        expect(one(response.body).attributes.course_id).toBe(c.course.id);
      }
    });

    it('is for those who teach: student 403, stranger and other campus 404', async () => {
      const { c, inActivity, names } = await setup();
      const body = inActivity({ type: 'text', content: 'x' });
      expect((await c.asStudent.post('/api/course/contents', body)).status).toBe(403);
      expect((await c.asStranger.post('/api/course/contents', body)).status).toBe(404);
      expect((await c.asOutsider.post('/api/course/contents', body)).status).toBe(404);
      expect((await c.asAssistant.post('/api/course/contents', body)).status).toBe(201);
      expect(await names()).toEqual(['Item']);
    });
  });

  describe('reading', () => {
    it('lets an enrolled student read live contents of active items only, and nobody else', async () => {
      const { c, module, add } = await setup();
      const item = await add({ type: 'text', content: 'x', name: 'Visible' });
      const path = `/api/course/contents/${item.id}`;
      expect((await c.asStudent.get(path)).status).toBe(200);
      expect(one((await c.asStudent.get(`/api/course/content/${item.id}`)).body).attributes.name).toBe(
        'Visible',
      );
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asOutsider.get(path)).status).toBe(404);
      await c.asLecturer.patch(`/api/course/modules/${module.id}`, { is_active: false });
      expect((await c.asStudent.get(path)).status).toBe(404);
      expect((await c.asLecturer.get(path)).status).toBe(200);
    });
  });

  describe('PATCH, DELETE (archive), archived list and restore', () => {
    it('updates a content, checking the result against its type', async () => {
      const { c, add } = await setup();
      const link = await add({ type: 'link', content: 'https://example.org' });
      const renamed = await c.asAssistant.patch(`/api/course/contents/${link.id}`, { name: 'Reading' });
      expect(one(renamed.body).attributes).toMatchObject({ name: 'Reading', content: 'https://example.org' });
      const toZoom = await c.asLecturer.patch(`/api/course/contents/${link.id}`, { type: 'zoom' });
      expect(toZoom.status).toBe(422);
      const ok = await c.asLecturer.patch(`/api/course/contents/${link.id}`, {
        type: 'zoom',
        content: 'https://zoom.us/j/1',
      });
      expect(one(ok.body).attributes).toMatchObject({
        contents_type: 'zoom',
        content: 'https://zoom.us/j/1',
      });
      expect((await c.asStudent.patch(`/api/course/contents/${link.id}`, { name: 'x' })).status).toBe(403);
      expect((await c.asOutsider.patch(`/api/course/contents/${link.id}`, { name: 'x' })).status).toBe(404);
    });

    it('archives, lists the archive for staff only, and restores to the end of the list', async () => {
      const { c, add, names, activity } = await setup();
      const a = await add({ type: 'text', content: 'a', name: 'A' });
      await add({ type: 'text', content: 'b', name: 'B' });
      expect((await c.asStudent.send('DELETE', `/api/course/contents/${a.id}`)).status).toBe(403);
      expect((await c.asLecturer.send('DELETE', `/api/course/contents/${a.id}`)).status).toBe(204);
      expect(await names()).toEqual(['B']);
      expect(await names('&archived=1')).toEqual(['A']);
      const studentArchive = await c.asStudent.get(
        `/api/course/contents?filter[contentable_id][is]=${activity.id}&archived=1`,
      );
      expect(list(studentArchive.body)).toEqual([]);
      expect((await c.asStudent.get(`/api/course/contents/${a.id}`)).status).toBe(404);

      const c2 = await add({ type: 'text', content: 'c', name: 'C' });
      expect(c2.attributes.index).toBe(2);
      const restored = await c.asLecturer.patch('/api/course/contents/restore', { data: [Number(a.id)] });
      expect(restored.status).toBe(200);
      expect(list(restored.body)[0].attributes).toMatchObject({ deleted_at: null, index: 3 });
      expect(await names()).toEqual(['B', 'C', 'A']);
      const events = await h.events('course.structure.changed');
      expect(events.filter((e) => e.data.courseId === c.course.id).map((e) => e.data.action)).toEqual(
        expect.arrayContaining(['archived', 'restored']),
      );

      const empty = await c.asLecturer.patch('/api/course/contents/restore', { data: [] });
      expect(empty.status).toBe(422);
      expect(empty.body.errors?.[0].detail).toBe('Content id is required');
    });

    it('sorts the contents of one activity through the course sort', async () => {
      const { c, add, names } = await setup();
      const a = await add({ type: 'text', content: 'a', name: 'A' });
      const b = await add({ type: 'text', content: 'b', name: 'B' });
      const response = await c.asLecturer.send<JsonDocument>(
        'PUT',
        `/api/course/courses/sort/${c.course.id}`,
        {
          type: 'contents',
          ids: [Number(b.id), Number(a.id)],
        },
      );
      expect(response.status).toBe(204);
      expect(await names()).toEqual(['B', 'A']);
      const partial = await c.asLecturer.send<JsonDocument>(
        'PUT',
        `/api/course/courses/sort/${c.course.id}`,
        {
          type: 'contents',
          ids: [Number(a.id)],
        },
      );
      expect(partial.status).toBe(422);
    });
  });

  describe('copy and move', () => {
    it('copies contents into another course the caller teaches, in order, at the end', async () => {
      const { c, add } = await setup();
      const a = await add({ type: 'text', content: 'a', name: 'A' });
      const key = await h.uploaded(c.course.id, c.lecturer.id, { size: 5, mime: 'application/pdf' });
      const b = await add({ type: 'file', name: 'B', content: key });
      const other = await h.course(1, c.lecturer.id, { name: 'Second' });
      const target = one((await c.asLecturer.post('/api/course/modules', { course_id: other.id })).body);
      const response = await c.asLecturer.post('/api/course/contents/copy', {
        content_ids: [Number(b.id), Number(a.id)],
        contentable_type: 'modules',
        contentable_id: Number(target.id),
      });
      expect(response.status).toBe(201);
      expect(
        list(response.body).map((x) => [x.attributes.name, x.attributes.index, x.attributes.course_id]),
      ).toEqual([
        ['B', 0, other.id],
        ['A', 1, other.id],
      ]);
      expect(list(response.body)[0].attributes).toMatchObject({ content: key, size: 5 });
      const originals = await h.ds.query(`SELECT count(*)::int AS n FROM contents WHERE id = ANY($1)`, [
        [Number(a.id), Number(b.id)],
      ]);
      expect(originals[0].n).toBe(2);
    });

    it('moves contents between activities; refuses a target the caller does not teach', async () => {
      const { c, add, module, names } = await setup();
      const a = await add({ type: 'text', content: 'a', name: 'A' });
      const second = one(
        (await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) })).body,
      );
      const foreign = await cast(h);
      const body = (id: number) => ({
        content_ids: [Number(a.id)],
        contentable_type: 'activities',
        contentable_id: id,
      });

      const refused = await c.asLecturer.post('/api/course/contents/move', body(foreign.course.id + 0));
      expect(refused.status).toBe(404);
      const foreignModule = one(
        (await foreign.asLecturer.post('/api/course/modules', { course_id: foreign.course.id })).body,
      );
      const intoForeign = await c.asLecturer.post('/api/course/contents/move', {
        ...body(0),
        contentable_type: 'modules',
        contentable_id: Number(foreignModule.id),
      });
      expect(intoForeign.status).toBe(404);
      const byStranger = await c.asStranger.post('/api/course/contents/move', body(Number(second.id)));
      expect(byStranger.status).toBe(404);
      expect(await names()).toEqual(['A']);

      const moved = await c.asLecturer.post('/api/course/contents/move', body(Number(second.id)));
      expect(moved.status).toBe(200);
      expect(list(moved.body)[0].attributes).toMatchObject({ contentable_id: Number(second.id), index: 0 });
      expect(await names()).toEqual([]);
      const missing = await c.asLecturer.post('/api/course/contents/copy', {
        contentable_type: 'modules',
        contentable_id: 1,
      });
      expect(missing.body.errors?.[0]).toMatchObject({
        detail: 'Content id is required',
        source: { pointer: '/data/attributes/content_ids' },
      });
    });
  });
});
