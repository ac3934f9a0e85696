import type { ApiClient, JsonDocument } from '@lms/testing';
import { Content } from '../src/contents/content.entity';
import { Bookmark } from '../src/space/bookmark.entity';
import { Note } from '../src/space/note.entity';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { Thread } from '../src/threads/thread.entity';
import { cast, CourseHarness, list, one } from './support/harness';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

const errorOf = (doc: JsonDocument) =>
  (doc as { errors: Array<{ status: string; detail: string; source?: { pointer?: string } }> }).errors[0];

/**
 * The user's own space (issue 21): bookmarks of contents, exams, tasks and threads, private notes
 * on contents, and the video-conference list — only ever the caller's own, only of what they may
 * see now.
 */
describe('bookmarks, notes and conferences', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A course with a module and activity, a text content and a Zoom content on the activity. */
  async function setup() {
    const c = await cast(h);
    const classmate = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const place = await placeIn(c.course.id);
    const text = await contentOn(c.course.id, place.activity.id, { name: 'Loops explained' });
    return { ...c, classmate, asClassmate: await h.as(classmate), ...place, text };
  }

  async function placeIn(
    courseId: number,
    options: { active?: boolean; startAt?: Date | null; endAt?: Date | null } = {},
  ) {
    const module = await h.ds
      .getRepository(CourseModule)
      .save({ courseId, name: `Week ${h.nextId()}`, index: 0, isActive: true });
    const activity = await h.ds.getRepository(Activity).save({
      moduleId: module.id,
      name: 'Loops',
      index: 0,
      isActive: options.active ?? true,
      startAt: options.startAt ?? null,
      endAt: options.endAt ?? null,
    });
    return { module, activity };
  }

  function contentOn(courseId: number, activityId: number, overrides: Partial<Content> = {}) {
    return h.ds.getRepository(Content).save({
      tenantId: 1,
      courseId,
      contentableType: 'activities' as const,
      contentableId: activityId,
      index: 0,
      name: 'A content',
      type: 'text' as const,
      content: '<p>Text</p>',
      ...overrides,
    });
  }

  const bookmark = (client: ApiClient, kind: string, itemId: number | string) =>
    client.post('/api/course/bookmarks', { data: { attributes: { kind, item_id: Number(itemId) } } });
  const bookmarks = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/course/bookmarks${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const titles = (doc: JsonDocument) =>
    list(doc).map((item) => item.attributes.title ?? item.attributes.content_name ?? item.attributes.name);
  const write = (client: ApiClient, contentId: number, body: string) =>
    client.post('/api/course/notes', { data: { attributes: { content_id: contentId, body } } });
  const notes = async (client: ApiClient, query = '') => {
    const response = await client.get(`/api/course/notes${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  describe('bookmarks', () => {
    it('bookmarks a content, an exam, a task and a thread, listed newest first with course and link', async () => {
      const c = await setup();
      const exam = await h.project('exam.exam.upserted', 1, {
        courseId: c.course.id,
        name: 'Midterm',
        isPublished: true,
        classIds: [],
      });
      const task = await h.project('task.task.upserted', 1, {
        courseId: c.course.id,
        name: 'Essay',
        isActive: true,
        allClass: true,
        deleted: false,
      });
      const thread = await h.ds.getRepository(Thread).save({
        tenantId: 1,
        courseId: c.course.id,
        activityId: c.activity.id,
        title: 'When while?',
        body: '<p>?</p>',
        authorId: c.student.id,
      });
      const made = await bookmark(c.asStudent, 'content', c.text.id);
      expect(made.status).toBe(201);
      expect(one(made.body).attributes).toMatchObject({
        kind: 'content',
        item_id: Number(c.text.id),
        title: 'Loops explained',
        detail: 'text',
        course_id: Number(c.course.id),
        course_name: 'Databases',
        course_code: 'DB1',
        link: `/courses/${c.course.id}?module=${c.module.id}&activity=${c.activity.id}#content-${c.text.id}`,
      });
      for (const [kind, id] of [
        ['exam', exam.id],
        ['task', task.id],
        ['thread', thread.id],
      ] as const) {
        expect((await bookmark(c.asStudent, kind, id)).status).toBe(201);
      }
      // Bookmarking again keeps the one bookmark.
      expect((await bookmark(c.asStudent, 'exam', exam.id)).status).toBe(201);

      const page = await bookmarks(c.asStudent, '?page[limit]=3');
      expect(titles(page)).toEqual(['When while?', 'Essay', 'Midterm']);
      expect(page.meta).toMatchObject({ total: 4 });
      expect(list(page).map((item) => item.attributes.link)).toEqual([
        `/discussion/${thread.id}`,
        `/assignment/${task.id}`,
        `/exam/${exam.id}`,
      ]);
      expect(
        titles(await bookmarks(c.asStudent, `?filter[kind]=content&filter[item_id]=${c.text.id}`)),
      ).toEqual(['Loops explained']);
      // The classmate has none of them.
      expect(list(await bookmarks(c.asClassmate))).toEqual([]);
    });

    it('refuses (404) what the caller may not see, and lists no bookmark whose item was hidden, deleted or left', async () => {
      const c = await setup();
      const hiddenPlace = await placeIn(c.course.id, { active: false });
      const hidden = await contentOn(c.course.id, hiddenPlace.activity.id, { name: 'Draft' });
      const draft = await h.project('exam.exam.upserted', 1, { courseId: c.course.id, isPublished: false });
      const other = await h.course(1, c.lecturer.id, { name: 'Other' });
      const elsewhere = await placeIn(other.id);
      const foreign = await contentOn(other.id, elsewhere.activity.id);

      expect((await bookmark(c.asStudent, 'content', hidden.id)).status).toBe(404);
      expect((await bookmark(c.asStudent, 'exam', draft.id)).status).toBe(404);
      expect((await bookmark(c.asStudent, 'content', foreign.id)).status).toBe(404);
      expect((await bookmark(c.asOutsider, 'content', c.text.id)).status).toBe(404);
      expect((await bookmark(c.asStudent, 'task', 999_999)).status).toBe(404);
      // The lecturer sees the hidden content and the draft: they may bookmark them.
      expect((await bookmark(c.asLecturer, 'content', hidden.id)).status).toBe(201);
      expect((await bookmark(c.asLecturer, 'exam', draft.id)).status).toBe(201);

      const seen = await contentOn(c.course.id, c.activity.id, { name: 'Later hidden' });
      const exam = await h.project('exam.exam.upserted', 1, {
        courseId: c.course.id,
        name: 'Later unpublished',
        isPublished: true,
      });
      const gone = await contentOn(c.course.id, c.activity.id, { name: 'Later archived' });
      for (const [kind, id] of [
        ['content', c.text.id],
        ['content', seen.id],
        ['exam', exam.id],
        ['content', gone.id],
      ] as const)
        expect((await bookmark(c.asStudent, kind, id)).status).toBe(201);
      expect(list(await bookmarks(c.asStudent))).toHaveLength(4);

      await h.ds.getRepository(Activity).update({ id: c.activity.id }, { isActive: false });
      await h.project('exam.exam.upserted', 1, { ...exam, isPublished: false });
      expect(titles(await bookmarks(c.asStudent))).toEqual([]);
      await h.ds.getRepository(Activity).update({ id: c.activity.id }, { isActive: true });
      await h.ds.getRepository(Content).update({ id: gone.id }, { deletedAt: new Date() });
      expect(titles(await bookmarks(c.asStudent))).toEqual(['Later hidden', 'Loops explained']);
      // The rows stay: seeing the item again lists them again.
      expect(await h.ds.getRepository(Bookmark).countBy({ userId: c.student.id })).toBe(4);

      // A student who leaves the course no longer sees its bookmarks.
      await h.ds.query(`DELETE FROM class_students WHERE user_id = $1`, [c.student.id]);
      expect(titles(await bookmarks(c.asStudent))).toEqual([]);
    });

    it('removes only the caller’s own bookmark; anyone else’s is 404', async () => {
      const c = await setup();
      const mine = one((await bookmark(c.asStudent, 'content', c.text.id)).body);
      expect((await c.asClassmate.send('DELETE', `/api/course/bookmarks/${mine.id}`)).status).toBe(404);
      expect((await c.asOutsider.send('DELETE', `/api/course/bookmarks/${mine.id}`)).status).toBe(404);
      expect(list(await bookmarks(c.asStudent))).toHaveLength(1);
      expect((await c.asStudent.send('DELETE', `/api/course/bookmarks/${mine.id}`)).status).toBe(204);
      expect(list(await bookmarks(c.asStudent))).toEqual([]);
      expect((await c.asStudent.send('DELETE', `/api/course/bookmarks/${mine.id}`)).status).toBe(404);
    });

    it('refuses bad input with 422 and its field, storing nothing', async () => {
      const c = await setup();
      const wrongKind = await bookmark(c.asStudent, 'course', c.course.id);
      expect(wrongKind.status).toBe(422);
      expect(errorOf(wrongKind.body).source?.pointer).toBe('/data/attributes/kind');
      const noId = await c.asStudent.post('/api/course/bookmarks', {
        data: { attributes: { kind: 'exam' } },
      });
      expect(noId.status).toBe(422);
      expect(errorOf(noId.body)).toMatchObject({
        detail: 'Item id is required',
        source: { pointer: '/data/attributes/item_id' },
      });
      expect((await bookmark(c.asStudent, 'content', -4)).status).toBe(422);
      expect((await c.asStudent.get('/api/course/bookmarks?filter[item_id]=x')).status).toBe(400);
      expect(await h.ds.getRepository(Bookmark).countBy({ userId: c.student.id })).toBe(0);
    });
  });

  describe('notes', () => {
    it('keeps one sanitized note per user and content, found by full-text search, never another user’s', async () => {
      const c = await setup();
      const made = await write(
        c.asStudent,
        c.text.id,
        '<p>Remember the <b>invariant</b> of a while loop<script>alert(1)</script></p>',
      );
      expect(made.status).toBe(201);
      const note = one(made.body);
      expect(note.attributes).toMatchObject({
        content_id: Number(c.text.id),
        content_name: 'Loops explained',
        course_id: Number(c.course.id),
        body: '<p>Remember the <strong>invariant</strong> of a while loop</p>',
        excerpt: 'Remember the invariant of a while loop',
        link: `/courses/${c.course.id}?module=${c.module.id}&activity=${c.activity.id}#content-${c.text.id}`,
      });
      const second = await write(c.asStudent, c.text.id, '<p>Another</p>');
      expect(second.status).toBe(409);
      const other = await contentOn(c.course.id, c.activity.id, { name: 'Recursion' });
      await write(c.asStudent, other.id, '<p>Base case first, then the recursive step.</p>');
      await write(c.asClassmate, c.text.id, '<p>My own invariant notes</p>');

      expect(titles(await notes(c.asStudent, '?filter[search]=invariant'))).toEqual(['Loops explained']);
      expect(titles(await notes(c.asStudent, '?filter[search]="recursive step"'))).toEqual(['Recursion']);
      expect(titles(await notes(c.asStudent, '?filter[search]=loop -invariant'))).toEqual([]);
      expect(titles(await notes(c.asStudent, '?filter[search]=alert'))).toEqual([]);
      expect(titles(await notes(c.asStudent))).toEqual(['Recursion', 'Loops explained']);
      expect(titles(await notes(c.asStudent, `?filter[content_id]=${c.text.id}`))).toEqual([
        'Loops explained',
      ]);
      const theirs = await notes(c.asClassmate, '?filter[search]=invariant');
      expect(list(theirs).map((item) => item.attributes.body)).toEqual(['<p>My own invariant notes</p>']);
      expect(list(await notes(c.asOutsider, '?filter[search]=invariant'))).toEqual([]);

      const changed = await c.asStudent.patch(`/api/course/notes/${note.id}`, {
        data: { attributes: { body: 'Termination: the variant decreases' } },
      });
      expect(changed.status).toBe(200);
      expect(one(changed.body).attributes.body).toBe('<p>Termination: the variant decreases</p>');
      expect(titles(await notes(c.asStudent, '?filter[search]=termination'))).toEqual(['Loops explained']);
      expect(titles(await notes(c.asStudent, '?filter[search]=invariant'))).toEqual([]);
    });

    it('answers 404 for another user’s note whatever the call, and for a content the caller may not see', async () => {
      const c = await setup();
      const note = one((await write(c.asStudent, c.text.id, '<p>Private</p>')).body);
      for (const client of [c.asClassmate, c.asLecturer, c.asOutsider]) {
        expect((await client.get(`/api/course/notes/${note.id}`)).status).toBe(404);
        const patched = await client.patch(`/api/course/notes/${note.id}`, {
          data: { attributes: { body: 'Mine now' } },
        });
        expect(patched.status).toBe(404);
        expect((await client.send('DELETE', `/api/course/notes/${note.id}`)).status).toBe(404);
      }
      expect((await h.ds.getRepository(Note).findOneByOrFail({ id: Number(note.id) })).body).toBe(
        '<p>Private</p>',
      );
      const hiddenPlace = await placeIn(c.course.id, { active: false });
      const hidden = await contentOn(c.course.id, hiddenPlace.activity.id);
      expect((await write(c.asStudent, hidden.id, '<p>x</p>')).status).toBe(404);
      expect((await write(c.asOutsider, c.text.id, '<p>x</p>')).status).toBe(404);

      // A content hidden later takes its notes out of the list (and out of reach), not away.
      await h.ds.getRepository(Activity).update({ id: c.activity.id }, { isActive: false });
      expect(list(await notes(c.asStudent))).toEqual([]);
      expect((await c.asStudent.get(`/api/course/notes/${note.id}`)).status).toBe(404);
      await h.ds.getRepository(Activity).update({ id: c.activity.id }, { isActive: true });
      expect((await c.asStudent.get(`/api/course/notes/${note.id}`)).status).toBe(200);
      expect((await c.asStudent.send('DELETE', `/api/course/notes/${note.id}`)).status).toBe(204);
      expect(await h.ds.getRepository(Note).countBy({ userId: c.student.id })).toBe(0);
    });

    it('refuses bad input with 422 and its field, changing nothing', async () => {
      const c = await setup();
      const empty = await write(c.asStudent, c.text.id, '<script>alert(1)</script>');
      expect(empty.status).toBe(422);
      expect(errorOf(empty.body).source?.pointer).toBe('/data/attributes/body');
      const noContent = await c.asStudent.post('/api/course/notes', { data: { attributes: { body: 'x' } } });
      expect(noContent.status).toBe(422);
      expect(errorOf(noContent.body)).toMatchObject({
        detail: 'Content id is required',
        source: { pointer: '/data/attributes/content_id' },
      });
      const tooLong = await write(c.asStudent, c.text.id, 'x'.repeat(100_001));
      expect(tooLong.status).toBe(422);
      expect(await h.ds.getRepository(Note).countBy({ userId: c.student.id })).toBe(0);

      const note = one((await write(c.asStudent, c.text.id, '<p>Kept</p>')).body);
      const blank = await c.asStudent.patch(`/api/course/notes/${note.id}`, {
        data: { attributes: { body: ' ' } },
      });
      expect(blank.status).toBe(422);
      expect(errorOf(blank.body).source?.pointer).toBe('/data/attributes/body');
      expect((await h.ds.getRepository(Note).findOneByOrFail({ id: Number(note.id) })).body).toBe(
        '<p>Kept</p>',
      );
      const longSearch = await c.asStudent.get(`/api/course/notes?filter[search]=${'a'.repeat(201)}`);
      expect(longSearch.status).toBe(400);
    });
  });

  describe('conferences', () => {
    it('lists the conference contents of the caller’s courses they may see, upcoming first by time, then -updated_at', async () => {
      const c = await setup();
      const soon = await placeIn(c.course.id, { startAt: inDays(1), endAt: inDays(1.05) });
      const later = await placeIn(c.course.id, { startAt: inDays(3), endAt: inDays(3.05) });
      const past = await placeIn(c.course.id, { startAt: inDays(-3), endAt: inDays(-2.9) });
      const hidden = await placeIn(c.course.id, { active: false, startAt: inDays(2) });
      await contentOn(c.course.id, later.activity.id, {
        name: 'Review session',
        type: 'google-meet',
        content: 'https://meet.google.com/abc-defg-hij',
      });
      await contentOn(c.course.id, soon.activity.id, {
        name: 'Consultation',
        type: 'zoom',
        content: 'https://zoom.us/j/1',
      });
      await contentOn(c.course.id, past.activity.id, {
        name: 'Kick-off',
        type: 'ms-teams',
        content: 'https://teams.microsoft.com/l/1',
      });
      await contentOn(c.course.id, c.activity.id, {
        name: 'Any time',
        type: 'webex',
        content: 'https://x.webex.com/meet/1',
      });
      await contentOn(c.course.id, hidden.activity.id, {
        name: 'Secret',
        type: 'zoom',
        content: 'https://zoom.us/j/2',
      });
      await contentOn(c.course.id, c.activity.id, {
        name: 'Archived',
        type: 'zoom',
        content: 'https://zoom.us/j/3',
        deletedAt: new Date(),
      });
      const other = await h.course(1, c.lecturer.id, { name: 'Other' });
      const elsewhere = await placeIn(other.id, { startAt: inDays(1) });
      await contentOn(other.id, elsewhere.activity.id, {
        name: 'Not my course',
        type: 'zoom',
        content: 'https://zoom.us/j/4',
      });

      const response = await c.asStudent.get('/api/course/conferences');
      expect(response.status).toBe(200);
      expect(titles(response.body)).toEqual(['Consultation', 'Review session', 'Any time', 'Kick-off']);
      expect(list(response.body)[0].attributes).toMatchObject({
        provider: 'zoom',
        url: 'https://zoom.us/j/1',
        course_name: 'Databases',
        upcoming: true,
        link: expect.stringContaining(`activity=${soon.activity.id}`),
      });
      expect(list(response.body)[0].attributes.start_at).not.toBeNull();
      expect(list(response.body)[2].attributes).toMatchObject({ upcoming: false, start_at: null });
      // The lecturer also sees the hidden one; another campus sees none of them.
      const staff = await c.asLecturer.get(`/api/course/conferences?filter[course_id]=${c.course.id}`);
      expect(titles(staff.body)).toContain('Secret');
      expect(titles(staff.body)).not.toContain('Archived');
      expect(list((await c.asOutsider.get('/api/course/conferences')).body)).toEqual([]);
    });
  });
});
