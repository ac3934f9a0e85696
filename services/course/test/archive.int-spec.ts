import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, list, one } from './support/harness';

/**
 * Deleting a module or an activity in the editor archives it with what it holds; restoring brings
 * all of it back as it was (not what was archived separately before); staff may delete for good
 * from the archive.
 */
describe('archive of modules and activities, with what they hold', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** Module 'Week 2' with two activities, contents on the module and on both activities. */
  async function week() {
    const c = await cast(h);
    const post = async (path: string, body: Record<string, unknown>) =>
      one((await c.asLecturer.post(path, body)).body);
    const module = await post('/api/course/modules', { course_id: c.course.id, name: 'Week 2' });
    const lecture = await post('/api/course/activities', { module_id: Number(module.id), name: 'Lecture' });
    const lab = await post('/api/course/activities', { module_id: Number(module.id), name: 'Lab' });
    const content = (type: string, id: string, name: string) =>
      post('/api/course/contents', {
        contentable_type: type,
        contentable_id: Number(id),
        name,
        type: 'link',
        content: 'https://example.org',
      });
    const notes = await content('modules', module.id, 'Notes');
    const slides = await content('activities', lecture.id, 'Slides');
    const video = await content('activities', lecture.id, 'Video');
    const sheet = await content('activities', lab.id, 'Sheet');
    return { c, module, lecture, lab, notes, slides, video, sheet };
  }

  const outline = async (c: Awaited<ReturnType<typeof cast>>) => {
    const course = await c.asLecturer.get(
      `/api/course/courses/${c.course.id}?include=modules,modules.activities`,
    );
    return (course.body.included ?? []).map((item) => `${item.type}:${item.attributes.name}`).sort();
  };
  const liveContents = async (c: Awaited<ReturnType<typeof cast>>) =>
    list(
      (await c.asLecturer.get(`/api/course/contents?filter[course_id][is]=${c.course.id}&page[limit]=0`))
        .body,
    )
      .map((item) => item.attributes.name)
      .sort();

  it('archives a module with its activities and contents, lists it with what it holds, and restores all of it', async () => {
    const { c, module, lecture } = await week();
    expect((await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`)).status).toBe(204);

    expect(await outline(c)).toEqual([]);
    expect(await liveContents(c)).toEqual([]);
    expect((await c.asLecturer.get(`/api/course/modules/${module.id}`)).status).toBe(404);
    expect((await c.asLecturer.get(`/api/course/activities/${lecture.id}`)).status).toBe(404);
    // its contents are in the archive as part of it, not one by one
    const archivedContents = await c.asLecturer.get(
      `/api/course/contents?filter[course_id][is]=${c.course.id}&archived=1`,
    );
    expect(list(archivedContents.body)).toEqual([]);

    const archive = await c.asAssistant.get(`/api/course/courses/${c.course.id}/archive`);
    expect(archive.status).toBe(200);
    expect(list(archive.body).map((item) => item.attributes)).toEqual([
      expect.objectContaining({
        kind: 'module',
        item_id: Number(module.id),
        name: 'Week 2',
        activities: 2,
        contents: 4,
      }),
    ]);

    const restored = await c.asLecturer.post(`/api/course/modules/${module.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(one(restored.body).attributes).toMatchObject({ name: 'Week 2' });
    expect(await outline(c)).toEqual(['activities:Lab', 'activities:Lecture', 'modules:Week 2']);
    expect(await liveContents(c)).toEqual(['Notes', 'Sheet', 'Slides', 'Video']);
    expect(list((await c.asLecturer.get(`/api/course/courses/${c.course.id}/archive`)).body)).toEqual([]);

    const events = (await h.events('course.structure.changed'))
      .filter((event) => event.data.courseId === c.course.id && event.data.subject === 'module')
      .map((event) => event.data.action);
    expect(events).toEqual(['created', 'archived', 'restored']);
  });

  it('restores a module as it was: what was archived before it stays in the archive', async () => {
    const { c, module, lab, video } = await week();
    await c.asLecturer.send('DELETE', `/api/course/contents/${video.id}`);
    await c.asLecturer.send('DELETE', `/api/course/activities/${lab.id}`);
    await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`);

    const archive = list((await c.asLecturer.get(`/api/course/courses/${c.course.id}/archive`)).body);
    expect(
      archive.map((item) => [
        item.attributes.kind,
        item.attributes.name,
        item.attributes.activities,
        item.attributes.contents,
      ]),
    ).toEqual([
      ['module', 'Week 2', 1, 2],
      ['activity', 'Lab', 0, 1],
    ]);

    await c.asLecturer.post(`/api/course/modules/${module.id}/restore`, {});
    expect(await outline(c)).toEqual(['activities:Lecture', 'modules:Week 2']);
    expect(await liveContents(c)).toEqual(['Notes', 'Slides']);
    const archivedContents = await c.asLecturer.get(
      `/api/course/contents?filter[course_id][is]=${c.course.id}&archived=1`,
    );
    expect(list(archivedContents.body).map((item) => item.attributes.name)).toEqual(['Video']);

    // the activity archived by itself comes back by itself, with its content
    const back = await c.asLecturer.post(`/api/course/activities/${lab.id}/restore`, {});
    expect(back.status).toBe(200);
    expect(await liveContents(c)).toEqual(['Notes', 'Sheet', 'Slides']);
  });

  it('archives an activity with its contents; what went with a module comes back only with it', async () => {
    const { c, module, lecture, slides } = await week();
    await c.asLecturer.send('DELETE', `/api/course/activities/${lecture.id}`);
    expect(await liveContents(c)).toEqual(['Notes', 'Sheet']);
    const archive = list((await c.asLecturer.get(`/api/course/courses/${c.course.id}/archive`)).body);
    expect(archive.map((item) => item.attributes)).toEqual([
      expect.objectContaining({ kind: 'activity', name: 'Lecture', module_name: 'Week 2', contents: 2 }),
    ]);

    await c.asLecturer.post(`/api/course/activities/${lecture.id}/restore`, {});
    await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`);
    const refused = await c.asLecturer.post(`/api/course/activities/${lecture.id}/restore`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.errors?.[0].detail).toBe(
      "This activity is archived with its module 'Week 2': restore the module to bring it back",
    );
    const content = await c.asLecturer.patch('/api/course/contents/restore', { data: [Number(slides.id)] });
    expect(content.status).toBe(409);
    // nothing can be added to an archived module
    const added = await c.asLecturer.post('/api/course/activities', { module_id: Number(module.id) });
    expect(added.status).toBe(404);
  });

  it('deletes an archived module for good, only from the archive, and only for those who teach the course', async () => {
    const { c, module } = await week();
    const live = await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}/permanent`);
    expect(live.status).toBe(404);
    await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`);
    expect((await c.asStudent.send('DELETE', `/api/course/modules/${module.id}/permanent`)).status).toBe(403);
    expect((await c.asStranger.get(`/api/course/courses/${c.course.id}/archive`)).status).toBe(404);
    expect((await c.asStudent.get(`/api/course/courses/${c.course.id}/archive`)).status).toBe(403);
    expect((await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}/permanent`)).status).toBe(
      204,
    );
    const [rows]: Array<{ modules: number; activities: number; contents: number }> = await h.ds.query(
      `SELECT (SELECT count(*) FROM modules WHERE course_id = $1)::int AS modules,
              (SELECT count(*) FROM activities a JOIN modules m ON m.id = a.module_id WHERE m.course_id = $1)::int AS activities,
              (SELECT count(*) FROM contents WHERE course_id = $1)::int AS contents`,
      [c.course.id],
    );
    expect(rows).toEqual({ modules: 0, activities: 0, contents: 0 });
    expect((await c.asLecturer.post(`/api/course/modules/${module.id}/restore`, {})).status).toBe(404);
  });

  it('answers purges, restores and archives of one module sent at once with a 2xx or 4xx each, never a deadlock', async () => {
    for (let round = 0; round < 6; round++) {
      const { c, module, lecture } = await week();
      await c.asLecturer.send('DELETE', `/api/course/activities/${lecture.id}`);
      await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`);
      const statuses = await Promise.all(
        [
          c.asLecturer.send('DELETE', `/api/course/activities/${lecture.id}/permanent`),
          c.asLecturer.send('DELETE', `/api/course/modules/${module.id}/permanent`),
          c.asLecturer.post(`/api/course/modules/${module.id}/restore`, {}),
          c.asLecturer.send('DELETE', `/api/course/modules/${module.id}/permanent`),
          c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`),
        ].map((sent) => sent.then((response) => response.status)),
      );
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
    }
  });

  it('deletes an archived activity or content for good, and refuses a live one', async () => {
    const { c, lab, sheet, notes } = await week();
    expect((await c.asLecturer.send('DELETE', `/api/course/contents/${notes.id}/permanent`)).status).toBe(
      409,
    );
    await c.asLecturer.send('DELETE', `/api/course/contents/${notes.id}`);
    expect((await c.asLecturer.send('DELETE', `/api/course/contents/${notes.id}/permanent`)).status).toBe(
      204,
    );
    await c.asLecturer.send('DELETE', `/api/course/activities/${lab.id}`);
    expect((await c.asLecturer.send('DELETE', `/api/course/activities/${lab.id}/permanent`)).status).toBe(
      204,
    );
    expect((await c.asLecturer.get(`/api/course/contents/${sheet.id}`)).status).toBe(404);
    expect(await liveContents(c)).toEqual(['Slides', 'Video']);
  });

  it('leaves archived modules and activities out of course copies and of what students read', async () => {
    const { c, module } = await week();
    const kept = one(
      (await c.asLecturer.post('/api/course/modules', { course_id: c.course.id, name: 'Kept' })).body,
    );
    await c.asLecturer.send('DELETE', `/api/course/modules/${module.id}`);
    const target = await h.course(1, c.lecturer.id, { name: 'Copy' });
    const copied = await c.asLecturer.send<JsonDocument>('PUT', '/api/course/courses/replicate', {
      from: c.course.id,
      to: target.id,
    });
    expect(copied.status).toBe(200);
    expect(copied.body.meta).toMatchObject({ copied_modules: 1 });
    const asStudent = await c.asStudent.get(`/api/course/modules?filter[course_id][is]=${c.course.id}`);
    expect(list(asStudent.body).map((item) => item.id)).toEqual([kept.id]);
  });
});
