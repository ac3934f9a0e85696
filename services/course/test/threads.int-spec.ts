import ExcelJS from 'exceljs';
import type { BlobStorage } from '@lms/storage';
import type { ApiClient, JsonDocument, JsonResource } from '@lms/testing';
import { BLOB_STORAGE } from '../src/files/blob-storage';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { cast, CourseHarness, list, one } from './support/harness';

const HOST = 'threads.example.ac.id';
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41), Buffer.from('\n%%EOF\n')]);

describe('discussions: threads and replies', () => {
  const h = new CourseHarness();
  beforeAll(async () => {
    await h.start();
    await h.given.campus({ id: 1, domain: HOST });
  });
  afterAll(() => h.stop());

  async function activityOf(courseId: number, overrides: { moduleActive?: boolean; active?: boolean } = {}) {
    const module = await h.ds
      .getRepository(CourseModule)
      .save({ courseId, name: 'Week 1', index: 0, isActive: overrides.moduleActive ?? true });
    return h.ds
      .getRepository(Activity)
      .save({ moduleId: module.id, name: 'Loops', index: 0, isActive: overrides.active ?? true });
  }

  /** A course with an activity, its staff, two students (named) and outsiders. */
  async function setup() {
    const c = await cast(h);
    const classmate = await h.given.user(1, 'student', { username: `mate${h.nextId()}` });
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const activity = await activityOf(c.course.id);
    return { ...c, classmate, asClassmate: await h.as(classmate), activity };
  }

  const start = (client: ApiClient, activityId: number, attributes: Record<string, unknown> = {}) =>
    client.post('/api/course/threads', {
      data: {
        attributes: { activity_id: activityId, title: 'About loops', body: '<p>How?</p>', ...attributes },
      },
    });
  const reply = (client: ApiClient, threadId: string, attributes: Record<string, unknown> = {}) =>
    client.post('/api/course/thread/replies', {
      data: { attributes: { thread_id: Number(threadId), reply: '<p>Like this.</p>', ...attributes } },
    });
  const patch = (client: ApiClient, path: string, attributes: Record<string, unknown>) =>
    client.patch(path, { data: { attributes } });
  const remove = (client: ApiClient, path: string) => client.send('DELETE', path);
  const errorOf = (doc: unknown) =>
    (doc as { errors: Array<{ detail: string; code?: string; source?: { pointer?: string } }> }).errors[0];

  describe('threads', () => {
    it('lets a student start a thread on an activity, listed with its replies counted', async () => {
      const c = await setup();
      const made = await start(c.asStudent, c.activity.id);
      expect(made.status).toBe(201);
      const thread = one(made.body);
      expect(thread.attributes).toMatchObject({
        course_id: Number(c.course.id),
        activity_id: Number(c.activity.id),
        title: 'About loops',
        body: '<p>How?</p>',
        author: { id: c.student.id, is_staff: false },
        reply_count: 0,
        can_edit: true,
        can_moderate: false,
      });
      await reply(c.asLecturer, thread.id);
      await reply(c.asClassmate, thread.id);
      const listed = await c.asClassmate.get(`/api/course/threads?filter[activity_id]=${c.activity.id}`);
      expect(listed.status).toBe(200);
      expect(list(listed.body)).toHaveLength(1);
      expect(list(listed.body)[0].attributes).toMatchObject({ reply_count: 2, can_edit: false });
      expect(list(listed.body)[0].attributes.last_reply_at).not.toBeNull();
    });

    it('lists pinned first, then the latest activity, by activity list or course, paginated', async () => {
      const c = await setup();
      const other = await activityOf(c.course.id);
      const first = one((await start(c.asStudent, c.activity.id, { title: 'first' })).body);
      const second = one((await start(c.asStudent, other.id, { title: 'second' })).body);
      const third = one((await start(c.asStudent, c.activity.id, { title: 'third' })).body);
      await reply(c.asClassmate, first.id); // first is now the most recently active
      await patch(c.asLecturer, `/api/course/threads/${second.id}`, { is_pinned: true });
      const titles = async (path: string) =>
        list((await c.asStudent.get(path)).body).map((item) => item.attributes.title);
      expect(await titles(`/api/course/threads?filter[course_id]=${c.course.id}`)).toEqual([
        'second',
        'first',
        'third',
      ]);
      expect(
        await titles(
          `/api/course/threads?filter[activity_id][in]=${c.activity.id},${other.id}&sort=-updated_at`,
        ),
      ).toEqual(['first', 'third', 'second']);
      const page = await c.asStudent.get(
        `/api/course/threads?filter[course_id]=${c.course.id}&page[limit]=1&page[offset]=1`,
      );
      expect(list(page.body).map((item) => item.id)).toEqual([first.id]);
      expect((page.body.meta as { total: number }).total).toBe(3);
      expect(third.id).toBeDefined();
    });

    it('lets only the author and the staff edit, and only the staff hide, lock or pin', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const path = `/api/course/threads/${thread.id}`;
      const byClassmate = await patch(c.asClassmate, path, { title: 'Mine now' });
      expect(byClassmate.status).toBe(403);
      const locks = await patch(c.asStudent, path, { is_locked: true });
      expect(locks.status).toBe(403);
      const edited = await patch(c.asStudent, path, { title: '  Loops, again  ' });
      expect(edited.status).toBe(200);
      expect(one(edited.body).attributes.title).toBe('Loops, again');
      const blank = await patch(c.asStudent, path, { title: '   ' });
      expect(blank.status).toBe(422);
      expect(errorOf(blank.body).source?.pointer).toBe('/data/attributes/title');
      const moderated = await patch(c.asAssistant, path, { is_pinned: true, is_locked: true });
      expect(one(moderated.body).attributes).toMatchObject({ is_pinned: true, is_locked: true });
    });

    it('hides a thread from everyone but the staff (404), in lists too', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      await patch(c.asLecturer, `/api/course/threads/${thread.id}`, { is_hidden: true });
      expect((await c.asStudent.get(`/api/course/threads/${thread.id}`)).status).toBe(404);
      expect((await c.asClassmate.get(`/api/course/threads/${thread.id}`)).status).toBe(404);
      expect((await reply(c.asStudent, thread.id)).status).toBe(404);
      const listed = await c.asClassmate.get(`/api/course/threads?filter[course_id]=${c.course.id}`);
      expect(list(listed.body)).toHaveLength(0);
      const staff = await c.asAssistant.get(`/api/course/threads/${thread.id}`);
      expect(one(staff.body).attributes.is_hidden).toBe(true);
    });

    it('is a 404 for another course’s members, another campus and an inactive activity', async () => {
      const c = await setup();
      const thread = one((await start(c.asLecturer, c.activity.id)).body);
      const path = `/api/course/threads/${thread.id}`;
      // the stranger teaches nothing here; the outsider is of campus 2
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asOutsider.get(path)).status).toBe(404);
      expect((await start(c.asOutsider, c.activity.id)).status).toBe(404);
      expect((await reply(c.asStranger, thread.id)).status).toBe(404);
      const other = await setup();
      expect((await other.asStudent.get(path)).status).toBe(404);
      expect((await patch(other.asLecturer, path, { title: 'x' })).status).toBe(404);
      const hidden = await activityOf(c.course.id, { active: false });
      const onHidden = one((await start(c.asLecturer, hidden.id)).body);
      expect((await c.asStudent.get(`/api/course/threads/${onHidden.id}`)).status).toBe(404);
      expect((await start(c.asStudent, hidden.id)).status).toBe(404);
      expect((await c.asLecturer.get(`/api/course/threads/${onHidden.id}`)).status).toBe(200);
    });

    it('lets the author delete their thread until someone else replies; the staff always', async () => {
      const c = await setup();
      const alone = one((await start(c.asStudent, c.activity.id)).body);
      await reply(c.asStudent, alone.id);
      expect((await remove(c.asClassmate, `/api/course/threads/${alone.id}`)).status).toBe(403);
      expect((await remove(c.asStudent, `/api/course/threads/${alone.id}`)).status).toBe(204);
      const answered = one((await start(c.asStudent, c.activity.id)).body);
      await reply(c.asClassmate, answered.id);
      const refused = await remove(c.asStudent, `/api/course/threads/${answered.id}`);
      expect(refused.status).toBe(409);
      expect(errorOf(refused.body).code).toBe('thread_has_replies');
      expect((await remove(c.asLecturer, `/api/course/threads/${answered.id}`)).status).toBe(204);
      expect((await c.asLecturer.get(`/api/course/threads/${answered.id}`)).status).toBe(404);
      const [{ count }]: Array<{ count: string }> = await h.ds.query(
        `SELECT count(*) FROM thread_replies WHERE thread_id = $1`,
        [answered.id],
      );
      expect(Number(count)).toBe(0);
    });

    it('checks the input: a missing activity, an activity of nowhere, an empty body', async () => {
      const c = await setup();
      const missing = await c.asStudent.post('/api/course/threads', {
        data: { attributes: { title: 'x', body: 'y' } },
      });
      expect(missing.status).toBe(422);
      expect(errorOf(missing.body).source?.pointer).toBe('/data/attributes/activity_id');
      expect((await start(c.asStudent, 2_000_000_000)).status).toBe(404);
      const empty = await start(c.asStudent, c.activity.id, { body: '<script>alert(1)</script>' });
      expect(empty.status).toBe(422);
      expect(errorOf(empty.body).source?.pointer).toBe('/data/attributes/body');
    });
  });

  describe('the introduction thread', () => {
    it('is made once per course on first read, by any reader, and edited by the staff only', async () => {
      const c = await setup();
      const path = `/api/course/threads/introduction/${c.course.id}`;
      const reads = await Promise.all([
        c.asStudent.get(path),
        c.asClassmate.get(path),
        c.asLecturer.get(path),
      ]);
      expect(reads.map((read) => read.status)).toEqual([200, 200, 200]);
      expect(new Set(reads.map((read) => one(read.body).id)).size).toBe(1);
      const thread = one(reads[0].body);
      expect(thread.attributes).toMatchObject({ is_introduction: true, activity_id: null, author: null });
      expect((await reply(c.asStudent, thread.id, { reply: '<p>Hi, I am new.</p>' })).status).toBe(201);
      expect((await patch(c.asStudent, `/api/course/threads/${thread.id}`, { title: 'x' })).status).toBe(403);
      expect((await patch(c.asLecturer, `/api/course/threads/${thread.id}`, { title: 'Hello' })).status).toBe(
        200,
      );
      expect((await c.asStranger.get(path)).status).toBe(404);
      expect((await c.asOutsider.get(path)).status).toBe(404);
      const introductions = await c.asStudent.get(
        `/api/course/threads?filter[course_id]=${c.course.id}&filter[is_introduction]=1`,
      );
      expect(list(introductions.body).map((item) => item.id)).toEqual([thread.id]);
    });
  });

  describe('replies', () => {
    it('nest three levels deep and no deeper, within one thread', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const top = one((await reply(c.asClassmate, thread.id)).body);
      const second = one((await reply(c.asStudent, thread.id, { thread_reply_id: Number(top.id) })).body);
      const third = one((await reply(c.asLecturer, thread.id, { thread_reply_id: Number(second.id) })).body);
      expect([top, second, third].map((item) => item.attributes.depth)).toEqual([1, 2, 3]);
      expect(third.attributes.thread_reply_id).toBe(Number(second.id));
      const fourth = await reply(c.asStudent, thread.id, { thread_reply_id: Number(third.id) });
      expect(fourth.status).toBe(422);
      expect(errorOf(fourth.body)).toMatchObject({
        code: 'too_deep',
        source: { pointer: '/data/attributes/thread_reply_id' },
      });
      const elsewhere = one((await start(c.asStudent, c.activity.id)).body);
      const crossed = await reply(c.asStudent, elsewhere.id, { thread_reply_id: Number(top.id) });
      expect(crossed.status).toBe(422);
      expect(errorOf(crossed.body).code).toBe('not_a_reply');
      const topLevel = await c.asStudent.get(
        `/api/course/thread/replies?filter[thread_id]=${thread.id}&filter[thread_reply_id][null]=1`,
      );
      expect(list(topLevel.body).map((item) => item.id)).toEqual([top.id]);
      const all = await c.asStudent.get(`/api/course/thread/replies?filter[thread_id]=${thread.id}`);
      expect(list(all.body).map((item) => item.id)).toEqual([top.id, second.id, third.id]);
      expect((await c.asStudent.get('/api/course/thread/replies')).status).toBe(400);
    });

    it('are refused once the thread is locked (422), for staff too, and taken again when unlocked', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      await patch(c.asLecturer, `/api/course/threads/${thread.id}`, { is_locked: true });
      const refused = await reply(c.asClassmate, thread.id);
      expect(refused.status).toBe(422);
      expect(errorOf(refused.body)).toMatchObject({
        code: 'thread_locked',
        source: { pointer: '/data/attributes/thread_id' },
      });
      expect((await reply(c.asLecturer, thread.id)).status).toBe(422);
      await patch(c.asLecturer, `/api/course/threads/${thread.id}`, { is_locked: false });
      expect((await reply(c.asClassmate, thread.id)).status).toBe(201);
    });

    it('are edited by their author only (403 for a classmate and the staff), hidden by the staff only', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const mine = one((await reply(c.asStudent, thread.id)).body);
      const path = `/api/course/thread/replies/${mine.id}`;
      expect((await patch(c.asClassmate, path, { reply: 'mine' })).status).toBe(403);
      expect((await patch(c.asLecturer, path, { reply: 'rewritten' })).status).toBe(403);
      expect((await patch(c.asClassmate, path, { is_hidden: true })).status).toBe(403);
      expect((await remove(c.asClassmate, path)).status).toBe(403);
      const edited = await patch(c.asStudent, path, { reply: '<p>Better.</p>' });
      expect(one(edited.body).attributes).toMatchObject({ reply: '<p>Better.</p>', can_edit: true });
      expect(one(edited.body).attributes.edited_at).not.toBeNull();
      expect((await patch(c.asAssistant, path, { is_hidden: true })).status).toBe(200);
      const seen = async (client: ApiClient) => one((await client.get(path)).body).attributes;
      expect(await seen(c.asClassmate)).toMatchObject({ reply: null, is_hidden: true });
      expect(await seen(c.asStudent)).toMatchObject({ reply: '<p>Better.</p>', is_hidden: true });
      expect(await seen(c.asLecturer)).toMatchObject({ reply: '<p>Better.</p>', can_moderate: true });
      const other = await setup();
      expect((await other.asStudent.get(path)).status).toBe(404);
      expect((await patch(other.asStudent, path, { reply: 'x' })).status).toBe(404);
    });

    it('leave a "deleted" placeholder while they have replies, which goes with its last reply', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const parent = one((await reply(c.asClassmate, thread.id, { reply: '<p>secret</p>' })).body);
      const child = one((await reply(c.asStudent, thread.id, { thread_reply_id: Number(parent.id) })).body);
      expect((await remove(c.asClassmate, `/api/course/thread/replies/${parent.id}`)).status).toBe(204);
      const kept = await c.asStudent.get(`/api/course/thread/replies/${parent.id}`);
      expect(one(kept.body).attributes).toMatchObject({ is_deleted: true, reply: null, author: null });
      const [{ reply: stored }]: Array<{ reply: string }> = await h.ds.query(
        `SELECT reply FROM thread_replies WHERE id = $1`,
        [parent.id],
      );
      expect(stored).toBe('');
      expect(
        (await patch(c.asClassmate, `/api/course/thread/replies/${parent.id}`, { reply: 'x' })).status,
      ).toBe(404);
      expect(
        one((await c.asStudent.get(`/api/course/threads/${thread.id}`)).body).attributes.reply_count,
      ).toBe(1);
      expect((await remove(c.asLecturer, `/api/course/thread/replies/${child.id}`)).status).toBe(204);
      const left = await c.asStudent.get(`/api/course/thread/replies?filter[thread_id]=${thread.id}`);
      expect(list(left.body)).toHaveLength(0);
      expect(
        one((await c.asStudent.get(`/api/course/threads/${thread.id}`)).body).attributes.reply_count,
      ).toBe(0);
    });

    it('neutralize scripts in replies and thread bodies', async () => {
      const c = await setup();
      const thread = one(
        (
          await start(c.asStudent, c.activity.id, {
            body: '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>',
          })
        ).body,
      );
      expect(thread.attributes.body).not.toMatch(/<script|onerror/i);
      expect(thread.attributes.body).toContain('ok');
      const answered = one(
        (
          await reply(c.asClassmate, thread.id, {
            reply: '<p onclick="x()">fine</p><script>alert(2)</script>',
          })
        ).body,
      );
      expect(answered.attributes.reply).toBe('<p>fine</p>');
      const [{ reply: stored }]: Array<{ reply: string }> = await h.ds.query(
        `SELECT reply FROM thread_replies WHERE id = $1`,
        [answered.id],
      );
      expect(stored).toBe('<p>fine</p>');
      const onlyScript = await reply(c.asClassmate, thread.id, { reply: '<script>alert(3)</script>' });
      expect(onlyScript.status).toBe(422);
      expect(errorOf(onlyScript.body).source?.pointer).toBe('/data/attributes/reply');
    });
  });

  describe('files of replies', () => {
    async function postWithFiles(
      user: { id: number; tenantId: number; role: 'student' | 'lecturer' | 'admin' | 'lptk' },
      fields: Record<string, string>,
      files: Array<{ name: string; bytes: Buffer }>,
    ) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
      const response = await fetch(`${h.baseUrl}/api/course/thread/replies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await h.token(user)}` },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as JsonDocument };
    }
    const download = async (user: Parameters<typeof postWithFiles>[0], path: string) =>
      fetch(`${h.baseUrl}${path}`, { headers: { authorization: `Bearer ${await h.token(user)}` } });

    it('come as multipart, judged by their bytes, and download for those who read the reply', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const made = await postWithFiles(c.classmate, { thread_id: thread.id, reply: '<p>See the notes</p>' }, [
        { name: 'notes.pdf', bytes: PDF },
      ]);
      expect(made.status).toBe(201);
      const saved = one(made.body);
      const [file] = saved.attributes.files as Array<{
        key: string;
        name: string;
        mime: string;
        size: number;
      }>;
      expect(file).toMatchObject({ name: 'notes.pdf', mime: 'application/pdf', size: PDF.length });
      expect(file.key).toMatch(/^course\/1\/replies\//);
      const path = `/api/course/thread/replies/${saved.id}/files/${encodeURIComponent(file.key)}`;
      const got = await download(c.student, path);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(PDF)).toBe(true);
      expect((await download(c.stranger, path)).status).toBe(404);
      // hidden: the classmate's own file stays theirs, a student no longer gets it
      await patch(c.asLecturer, `/api/course/thread/replies/${saved.id}`, { is_hidden: true });
      expect((await download(c.student, path)).status).toBe(404);
      expect((await download(c.classmate, path)).status).toBe(200);
      // deleting the reply removes the stored file
      expect((await remove(c.asClassmate, `/api/course/thread/replies/${saved.id}`)).status).toBe(204);
      await expect(h.app.get<BlobStorage>(BLOB_STORAGE).get(file.key)).rejects.toThrow();
    });

    it('takes a reply of files alone, refuses a type it does not keep (422 on file)', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const alone = await postWithFiles(c.student, { thread_id: thread.id }, [{ name: 'a.pdf', bytes: PDF }]);
      expect(alone.status).toBe(201);
      const exe = await postWithFiles(c.student, { thread_id: thread.id, reply: 'x' }, [
        { name: 'run.exe', bytes: Buffer.from('MZ\x90\x00binary') },
      ]);
      expect(exe.status).toBe(422);
      expect(errorOf(exe.body).source?.pointer).toBe('/data/attributes/file');
      const locked = one((await start(c.asStudent, c.activity.id)).body);
      await patch(c.asLecturer, `/api/course/threads/${locked.id}`, { is_locked: true });
      const refused = await postWithFiles(c.student, { thread_id: locked.id }, [
        { name: 'a.pdf', bytes: PDF },
      ]);
      expect(refused.status).toBe(422);
      const [{ count }]: Array<{ count: string }> = await h.ds.query(
        `SELECT count(*) FROM thread_replies WHERE thread_id = $1`,
        [locked.id],
      );
      expect(Number(count)).toBe(0);
    });
  });

  describe('export', () => {
    it('gives the staff an .xlsx with one row per reply in reading order; others 403', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id, { title: 'Loops: for or while?' })).body);
      const first = one(
        (await reply(c.asClassmate, thread.id, { reply: '<p>For, <strong>mostly</strong>.</p>' })).body,
      );
      await reply(c.asStudent, thread.id, { reply: '<p>While, later.</p>' });
      await reply(c.asLecturer, thread.id, { thread_reply_id: Number(first.id), reply: '<p>Both work.</p>' });
      const hidden = one((await reply(c.asClassmate, thread.id, { reply: '<p>off topic</p>' })).body);
      await patch(c.asLecturer, `/api/course/thread/replies/${hidden.id}`, { is_hidden: true });

      const path = `/api/course/threads/${thread.id}/export?format=xlsx`;
      const response = await fetch(`${h.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${await h.token(c.lecturer)}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('spreadsheetml');
      expect(response.headers.get('content-disposition')).toContain('discussion-Loops-for-or-while.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const rows = workbook.getWorksheet('Replies')!.getSheetValues().slice(2) as unknown[][];
      expect(rows.map((row) => [row[1], row[2], row[3], row[9], row[10]])).toEqual([
        [1, 1, undefined, 'shown', 'For, mostly.'],
        [2, 2, 1, 'shown', 'Both work.'],
        [3, 1, undefined, 'shown', 'While, later.'],
        [4, 1, undefined, 'hidden', 'off topic'],
      ]);
      expect(rows[0][4]).toBe(c.classmate.name);
      expect(rows[1][6]).toBe('yes');
      const about = workbook.getWorksheet('Thread')!;
      expect(about.getCell('B3').value).toBe('Loops: for or while?');

      const asStudent = await fetch(`${h.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${await h.token(c.student)}` },
      });
      expect(asStudent.status).toBe(403);
      expect((await c.asLecturer.get(`/api/course/threads/${thread.id}/export?format=pdf`)).status).toBe(400);
      expect((await c.asStranger.get(path)).status).toBe(404);
    });
  });

  describe('mentions', () => {
    it('record course.thread.mentioned for the course members named, not the author or outsiders', async () => {
      const c = await setup();
      const thread = one((await start(c.asStudent, c.activity.id)).body);
      const before = (await h.events('course.thread.mentioned')).length;
      const text = `<p>@${c.classmate.username} and @${c.student.username}, ask @${c.stranger.username} or mail x@${c.lecturer.username}</p>`;
      const made = one((await reply(c.asStudent, thread.id, { reply: text })).body);
      const events = (await h.events('course.thread.mentioned')).slice(before);
      expect(events).toHaveLength(1);
      expect(events[0].data).toEqual({
        threadId: Number(thread.id),
        replyId: Number(made.id),
        courseId: Number(c.course.id),
        mentionedUserIds: [c.classmate.id],
        by: c.student.id,
      });
      // an edit notifies only those it adds
      await patch(c.asStudent, `/api/course/thread/replies/${made.id}`, {
        reply: `${text}<p>@${c.lecturer.username.toUpperCase()}</p>`,
      });
      const after = (await h.events('course.thread.mentioned')).slice(before);
      expect(after).toHaveLength(2);
      expect(after[1].data.mentionedUserIds).toEqual([c.lecturer.id]);
      // a thread's own text mentions too (replyId null)
      await start(c.asLecturer, c.activity.id, { body: `<p>@${c.student.username} starts.</p>` });
      const last = (await h.events('course.thread.mentioned')).at(-1)!;
      expect(last.data).toMatchObject({ replyId: null, mentionedUserIds: [c.student.id], by: c.lecturer.id });
    });
  });

  describe('public threads', () => {
    const anonymous = (path: string) => h.api.get(path, { 'x-forwarded-host': HOST });

    it('shows visitors the threads of active public courses only, never hidden ones, read-only', async () => {
      const c = await setup();
      const open = await h.course(1, c.lecturer.id, { name: 'Open', isPublic: true, isActive: true });
      const openActivity = await activityOf(open.id);
      const shown = one((await start(c.asLecturer, openActivity.id, { title: 'Welcome all' })).body);
      const hidden = one((await start(c.asLecturer, openActivity.id, { title: 'Staff only' })).body);
      await patch(c.asLecturer, `/api/course/threads/${hidden.id}`, { is_hidden: true });
      const closed = one((await start(c.asLecturer, c.activity.id, { title: 'Members only' })).body);
      const hiddenReply = one((await reply(c.asLecturer, shown.id, { reply: '<p>oops</p>' })).body);
      await reply(c.asLecturer, shown.id, { reply: '<p>visible</p>' });
      await patch(c.asLecturer, `/api/course/thread/replies/${hiddenReply.id}`, { is_hidden: true });

      const listed = await anonymous(`/api/public/threads?filter[course_id][in]=${open.id},${c.course.id}`);
      expect(listed.status).toBe(200);
      const items: JsonResource[] = list(listed.body);
      expect(items.map((item) => item.attributes.title)).toEqual(['Welcome all']);
      expect(items[0].attributes).toMatchObject({ can_edit: false, can_moderate: false, reply_count: 2 });
      expect((await anonymous(`/api/public/threads/${closed.id}`)).status).toBe(404);
      expect((await anonymous(`/api/public/threads/${hidden.id}`)).status).toBe(404);
      const replies = await anonymous(`/api/public/thread/replies?filter[thread_id]=${shown.id}`);
      expect(list(replies.body).map((item) => item.attributes.reply)).toEqual([null, '<p>visible</p>']);
      expect((await anonymous(`/api/public/thread/replies?filter[thread_id]=${closed.id}`)).status).toBe(404);
      expect((await h.api.get(`/api/public/threads`, { 'x-forwarded-host': 'nowhere.example' })).status).toBe(
        404,
      );
      // a signed-in reader of the campus who is not a member reads, but may not write
      expect((await c.asStranger.get(`/api/course/threads/${shown.id}`)).status).toBe(200);
      expect((await reply(c.asStranger, shown.id)).status).toBe(403);
    });
  });
});
