import { CourseHarness, cast, list, one } from './support/harness';

/**
 * Hidden modules and activities (`is_active = false`) do not reach a student at all: not in the
 * course's outline, not by id, not their contents; those who teach the course and the campus's
 * admins see them, with `is_active` telling them apart.
 */
describe('hidden modules and activities', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with a shown module holding a shown and a hidden activity, and a hidden module. */
  async function outline() {
    const c = await cast(h);
    const admin = await h.as(await h.given.user(1, 'admin'));
    const post = async (path: string, body: Record<string, unknown>) =>
      one((await c.asLecturer.post(path, body)).body);
    const shown = await post('/api/course/modules', { course_id: c.course.id, name: 'Shown' });
    const hidden = await post('/api/course/modules', {
      course_id: c.course.id,
      name: 'Hidden',
      is_active: false,
    });
    const open = await post('/api/course/activities', { module_id: Number(shown.id), name: 'Open' });
    const draft = await post('/api/course/activities', {
      module_id: Number(shown.id),
      name: 'Draft',
      is_active: false,
    });
    const inHidden = await post('/api/course/activities', { module_id: Number(hidden.id), name: 'Inside' });
    const content = (type: string, id: string, name: string) =>
      post('/api/course/contents', {
        contentable_type: type,
        contentable_id: Number(id),
        name,
        type: 'link',
        content: 'https://example.org',
      });
    const contents = {
      open: await content('activities', open.id, 'In open'),
      draft: await content('activities', draft.id, 'In draft'),
      hiddenModule: await content('modules', hidden.id, 'In hidden module'),
      inHidden: await content('activities', inHidden.id, 'In activity of hidden module'),
    };
    return { c, admin, shown, hidden, open, draft, inHidden, contents };
  }

  /** Names of the included resources of a type (a course's modules, their activities). */
  const names = (
    document: { included?: Array<{ type: string; attributes: Record<string, unknown> }> },
    type: string,
  ) => (document.included ?? []).filter((item) => item.type === type).map((item) => item.attributes.name);

  it('leaves them out of the course a student reads, with its modules and activities included', async () => {
    const { c, admin } = await outline();
    const path = `/api/course/courses/${c.course.id}?include=modules,modules.activities`;
    const asStudent = await c.asStudent.get(path);
    expect(asStudent.status).toBe(200);
    expect(names(asStudent.body, 'modules')).toEqual(['Shown']);
    expect(names(asStudent.body, 'activities')).toEqual(['Open']);
    expect(one(asStudent.body).relationships?.modules).toEqual({
      data: [{ type: 'modules', id: expect.any(String) }],
    });

    for (const staff of [c.asLecturer, c.asAssistant, admin]) {
      const seen = await staff.get(path);
      expect(names(seen.body, 'modules').sort()).toEqual(['Hidden', 'Shown']);
      expect(names(seen.body, 'activities').sort()).toEqual(['Draft', 'Inside', 'Open']);
    }
  });

  it('leaves them out of the course lists a student reads', async () => {
    const { c } = await outline();
    for (const path of [
      `/api/course/courses?filter[id][is]=${c.course.id}&include=modules,modules.activities`,
      `/api/course/enrolls/courses?filter[id][is]=${c.course.id}&include=modules,modules.activities`,
      `/api/course/enrolls/courses/${c.course.id}?include=modules,modules.activities`,
    ]) {
      const response = await c.asStudent.get(path);
      expect(response.status).toBe(200);
      expect(names(response.body, 'modules')).toEqual(['Shown']);
      expect(names(response.body, 'activities')).toEqual(['Open']);
    }
    const asLecturer = await c.asLecturer.get(
      `/api/course/courses?filter[id][is]=${c.course.id}&include=modules,modules.activities`,
    );
    expect(names(asLecturer.body, 'modules').sort()).toEqual(['Hidden', 'Shown']);
    expect(names(asLecturer.body, 'activities').sort()).toEqual(['Draft', 'Inside', 'Open']);
  });

  it('answers 404 to a student asking for one by id, and shows it to staff and admins', async () => {
    const { c, admin, hidden, draft, inHidden } = await outline();
    for (const path of [
      `/api/course/modules/${hidden.id}`,
      `/api/course/activities/${draft.id}`,
      `/api/course/activities/${inHidden.id}`,
    ]) {
      expect((await c.asStudent.get(path)).status).toBe(404);
      expect((await c.asLecturer.get(path)).status).toBe(200);
      expect((await admin.get(path)).status).toBe(200);
    }
  });

  it('leaves them out of searches and counts of modules and activities', async () => {
    const { c, admin } = await outline();
    const search = `/api/course/modules?filter[course_id][is]=${c.course.id}&filter[name][like]=Hid`;
    expect(list((await c.asStudent.get(search)).body)).toEqual([]);
    expect((await c.asStudent.get(search)).body.meta).toMatchObject({ total: 0 });
    expect(list((await admin.get(search)).body).map((m) => m.attributes.name)).toEqual(['Hidden']);
    const activities = await c.asStudent.get(`/api/course/activities?filter[course_id][is]=${c.course.id}`);
    expect(list(activities.body).map((a) => a.attributes.name)).toEqual(['Open']);
    expect(activities.body.meta).toMatchObject({ total: 1 });
    const all = await admin.get(`/api/course/activities?filter[course_id][is]=${c.course.id}`);
    expect(all.body.meta).toMatchObject({ total: 3 });
  });

  it('keeps their contents from a student: list, count, read and download link', async () => {
    const { c, admin, contents } = await outline();
    const path = `/api/course/contents?filter[course_id][is]=${c.course.id}&page[limit]=0`;
    const asStudent = await c.asStudent.get(path);
    expect(list(asStudent.body).map((item) => item.attributes.name)).toEqual(['In open']);
    expect(asStudent.body.meta).toMatchObject({ total: 1 });
    for (const reader of [c.asLecturer, admin]) {
      const seen = await reader.get(path);
      expect(seen.body.meta).toMatchObject({ total: 4 });
    }
    for (const hiddenContent of [contents.draft, contents.hiddenModule, contents.inHidden]) {
      expect((await c.asStudent.get(`/api/course/contents/${hiddenContent.id}`)).status).toBe(404);
      expect((await c.asStudent.get(`/api/course/contents/${hiddenContent.id}/download`)).status).toBe(404);
      expect((await admin.get(`/api/course/contents/${hiddenContent.id}`)).status).toBe(200);
    }
    expect((await c.asStudent.get(`/api/course/contents/${contents.open.id}`)).status).toBe(200);
  });

  it('hides a module from the student once the lecturer hides it, and shows it again', async () => {
    const { c, shown } = await outline();
    const path = `/api/course/courses/${c.course.id}?include=modules,modules.activities`;
    await c.asLecturer.patch(`/api/course/modules/${shown.id}`, { is_active: false });
    const hiddenNow = await c.asStudent.get(path);
    expect(names(hiddenNow.body, 'modules')).toEqual([]);
    expect(names(hiddenNow.body, 'activities')).toEqual([]);
    await c.asLecturer.patch(`/api/course/modules/${shown.id}`, { is_active: true });
    expect(names((await c.asStudent.get(path)).body, 'modules')).toEqual(['Shown']);
  });
});
