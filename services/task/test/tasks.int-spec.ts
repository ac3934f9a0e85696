import type { ApiClient, JsonDocument, JsonResource, TestUser } from '@lms/testing';
import { body, list, one, TaskHarness } from './support/harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const HOUR = 3600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** Tasks of a course: authoring, who reads what, lists and their rules, classes, files, students. */
describe('tasks', () => {
  const h = new TaskHarness();
  let c: Awaited<ReturnType<TaskHarness['course']>>;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
  });
  afterAll(() => h.stop());

  const create = (as: ApiClient, attributes: Record<string, unknown>) =>
    as.post(
      '/api/course/tasks',
      body({ course_id: c.course.id, taskable_type: 'activity', taskable_id: c.activityId, ...attributes }),
    );
  async function task(attributes: Record<string, unknown>): Promise<JsonResource> {
    const response = await create(c.asLecturer, { name: 'Essay', ...attributes });
    expect(response.status).toBe(201);
    return one(response.body);
  }
  const ids = (response: { body: unknown }) =>
    list(response.body as { data?: unknown }).map((item) => Number(item.id));
  async function upload(user: TestUser, path: string, bytes: Buffer, name = 'brief.pdf') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${h.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(user)}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: unknown; errors?: unknown[] },
    };
  }

  it('creates a task with every attribute of spec 02 §3 and publishes task.task.upserted', async () => {
    const created = await task({
      name: 'Group report',
      description: '<p>Write it together</p>',
      start_at: '2026-01-05 08:00:00',
      end_at: iso(48 * HOUR),
      file_required: 1,
      is_lateable: true,
      tasks_type: 'GROUP',
      student_percentage: '30',
      lecturer_percentage: 70,
      is_assesment_open: true,
      show_score: true,
      passing_grade: 65,
      assesment_method: 'rubric',
      rubric: {
        criteria: [
          {
            name: 'Content',
            weight: 60,
            levels: [
              { name: 'Weak', point: 40 },
              { name: 'Good', point: 80, point_min: 70, point_max: 90, description: 'typed within 70–90' },
            ],
          },
          {
            name: 'Form',
            weight: 40,
            levels: [
              { name: 'Poor', point: 50 },
              { name: 'Fine', point: 100 },
            ],
          },
        ],
      },
      all_class: false,
      class_ids: [c.classA],
    });
    expect(created.attributes).toMatchObject({
      course_id: c.course.id,
      taskable_type: 'activity',
      taskable_id: c.activityId,
      name: 'Group report',
      start_at: '2026-01-05 08:00:00',
      file_required: true,
      is_lateable: true,
      is_active: true,
      tasks_type: 'GROUP',
      student_percentage: 30,
      lecturer_percentage: 70,
      is_assesment_open: true,
      show_score: true,
      passing_grade: 65,
      assesment_method: 'rubric',
      all_class: false,
      class_ids: [c.classA],
      group_ids: [],
      files: [],
      deleted_at: null,
      can_edit: true,
      meta: { counts: { students: 2, sent: 0, late: 0, scored: 0, to_score: 0 } },
    });
    expect((created.attributes.rubric as { criteria: unknown[] }).criteria[0]).toEqual({
      name: 'Content',
      description: null,
      weight: 60,
      levels: [
        { name: 'Weak', point: 40, point_min: 0, point_max: 0, description: null },
        { name: 'Good', point: 80, point_min: 70, point_max: 90, description: 'typed within 70–90' },
      ],
    });
    const events = (await h.events('task.task.upserted')).filter(
      (event) => event.data.id === Number(created.id),
    );
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({
        courseId: c.course.id,
        name: 'Group report',
        tasksType: 'GROUP',
        assessmentMethod: 'rubric',
        passingGrade: 65,
        allClass: false,
        classIds: [c.classA],
        // The wall clock of the campus's zone (Asia/Jakarta, +07:00).
        startAt: '2026-01-05T01:00:00.000Z',
        deleted: false,
      }),
    ]);
  });

  it('refuses what is not well-formed with a 422 pointing at each field', async () => {
    const response = await create(c.asLecturer, {
      name: '',
      start_at: '2026-03-01 10:00:00',
      end_at: '2026-03-01T09:00:00+07:00',
      passing_grade: 101,
      tasks_type: 'PERSONAL',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors?.map((error) => error.source?.pointer).sort()).toEqual([
      '/data/attributes/name',
      '/data/attributes/passing_grade',
    ]);
    const whole = await create(c.asLecturer, {
      name: 'x',
      start_at: '2026-03-01 10:00:00',
      end_at: '2026-03-01T09:00:00+07:00',
      tasks_type: 'GROUP',
      student_percentage: 30,
      lecturer_percentage: 60,
      assesment_method: 'rubric',
      taskable_type: 'module',
      taskable_id: c.activityId,
      all_class: false,
    });
    expect(whole.status).toBe(422);
    expect(whole.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/end_at', 'end_at must be after start_at'],
      ['/data/attributes/rubric', 'rubric is required when assesment_method is rubric'],
      [
        '/data/attributes/student_percentage',
        'student_percentage and lecturer_percentage must sum to 100, not 90',
      ],
      ['/data/attributes/taskable_id', 'taskable_id is not a module of the course'],
      ['/data/attributes/class_ids', 'class_ids names at least one class when all_class is false'],
    ]);
    const rubric = await create(c.asLecturer, {
      name: 'x',
      assesment_method: 'rubric',
      rubric: {
        criteria: [
          { name: 'A', weight: 50, levels: [{ name: 'one', point: 40 }] },
          {
            name: 'B',
            weight: 30,
            levels: [
              { name: 'lo', point: 10 },
              { name: 'hi', point: 95, point_min: 60, point_max: 90 },
            ],
          },
        ],
      },
      class_ids: [c.classA, 999_999],
      student_percentage: 50,
    });
    expect(rubric.status).toBe(422);
    expect(rubric.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/rubric/criteria/0/levels', 'rubric.criteria[0].levels must have at least 2 item(s)'],
    ]);
    const whole2 = await create(c.asLecturer, {
      name: 'x',
      assesment_method: 'rubric',
      rubric: {
        criteria: [
          {
            name: 'A',
            weight: 50,
            levels: [
              { name: 'one', point: 40 },
              { name: 'two', point: 60 },
            ],
          },
          {
            name: 'B',
            weight: 30,
            levels: [
              { name: 'lo', point: 10 },
              { name: 'hi', point: 95, point_min: 60, point_max: 90 },
            ],
          },
        ],
      },
      class_ids: [c.classA, 999_999],
      student_percentage: 50,
    });
    expect(whole2.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ['/data/attributes/rubric/criteria', 'the weights of the criteria sum to 80, not 100'],
      ['/data/attributes/rubric/criteria/1/levels/1/point', 'point must be within 60 and 90'],
      ['/data/attributes/student_percentage', 'student_percentage is for GROUP tasks only'],
      ['/data/attributes/class_ids/1', 'class 999999 is not a class of the course'],
    ]);
    expect((await create(c.asLecturer, { name: 'x', end_at: 'tomorrow' })).body.errors?.[0]).toMatchObject({
      source: { pointer: '/data/attributes/end_at' },
    });
  });

  it('lets only the course’s staff author: a student 403, a stranger or another campus 404', async () => {
    expect((await create(c.asStudent, { name: 'x' })).status).toBe(403);
    expect((await create(c.asStranger, { name: 'x' })).status).toBe(404);
    expect((await create(c.asElsewhere, { name: 'x' })).status).toBe(404);
    const created = await task({ name: 'Authored' });
    expect((await create(c.asAssistant, { name: 'By the assistant' })).status).toBe(201);
    const path = `/api/course/tasks/${created.id}`;
    expect((await c.asStudent.patch(path, body({ name: 'mine' }))).status).toBe(403);
    expect((await c.asStranger.patch(path, body({ name: 'mine' }))).status).toBe(404);
    expect((await c.asElsewhere.get(path)).status).toBe(404);
    expect((await c.asElsewhereStudent.get(path)).status).toBe(404);
    expect((await c.asOtherStudent.get(path)).status).toBe(404);
    const changed = await c.asAssistant.patch(path, body({ name: 'Renamed', course_id: c.course.id }));
    expect(changed.status).toBe(200);
    expect(one(changed.body).attributes.name).toBe('Renamed');
    const moved = await c.asAssistant.patch(path, body({ course_id: c.course.id + 1 }));
    expect(moved.body.errors?.[0].source?.pointer).toBe('/data/attributes/course_id');
  });

  it('shows a student the active, started tasks of their classes only, with their answer', async () => {
    const open = await task({ name: 'Open', start_at: iso(-HOUR), end_at: iso(HOUR), show_score: true });
    const future = await task({ name: 'Not yet', start_at: iso(HOUR) });
    const inactive = await task({ name: 'Hidden', is_active: false });
    const classB = await task({ name: 'For B', all_class: false, class_ids: [c.classB] });
    for (const hidden of [future, inactive, classB])
      expect((await c.asStudent.get(`/api/course/tasks/${hidden.id}`)).status).toBe(404);
    expect((await c.asClassmate.get(`/api/course/tasks/${classB.id}`)).status).toBe(200);

    const seen = await c.asStudent.get(`/api/course/tasks?filter[course_id]=${c.course.id}&page[limit]=0`);
    expect(seen.status).toBe(200);
    expect(ids(seen)).toContain(Number(open.id));
    expect(ids(seen)).not.toEqual(expect.arrayContaining([Number(future.id)]));
    expect(ids(seen)).not.toContain(Number(inactive.id));
    expect(ids(seen)).not.toContain(Number(classB.id));
    const mine = list(seen.body).find((item) => item.id === open.id)!;
    expect(mine.attributes).toMatchObject({ can_edit: false, meta: { my_answer: null } });

    await h.ds.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, is_sent, is_late, updated_by, score)
       VALUES (1, $1, $2, true, false, $2, 88)`,
      [open.id, c.student.id],
    );
    const withAnswer = one((await c.asStudent.get(`/api/course/tasks/${open.id}`)).body);
    expect(withAnswer.attributes.meta).toEqual({
      my_answer: { id: expect.any(Number), is_sent: true, is_late: false, score: 88 },
    });
    await c.asLecturer.patch(`/api/course/tasks/${open.id}`, body({ show_score: false }));
    expect(one((await c.asStudent.get(`/api/course/tasks/${open.id}`)).body).attributes.meta).toEqual({
      my_answer: { id: expect.any(Number), is_sent: true, is_late: false },
    });
    const staff = one((await c.asLecturer.get(`/api/course/tasks/${open.id}`)).body);
    expect(staff.attributes.meta).toEqual({
      counts: { students: 3, sent: 1, late: 0, scored: 1, to_score: 0 },
    });
  });

  it('filters, sorts and pages the list; the homepage applies spec 02 §6 per role', async () => {
    const h2 = c;
    const course = await h.project('course.course.upserted', 1, { classes: [{ id: h.nextId(), name: 'X' }] });
    const classId = (course as unknown as { classes: Array<{ id: number }> }).classes[0].id;
    await h.given.staff(1, { courseId: course.id, lecturerId: h2.lecturer.id, assistants: [] });
    for (const student of [h2.student, h2.groupmate, h2.classmate, h2.otherStudent])
      await h.given.enrolment(1, { courseId: course.id, classId, userId: student.id });
    const moduleId = h.nextId();
    await h.publish('course.structure.snapshotted', 1, {
      courseId: course.id,
      modules: [{ id: moduleId, name: 'M', index: 0, isActive: true }],
      activities: [],
    });
    const make = async (name: string, extra: Record<string, unknown>) => {
      const response = await c.asLecturer.post(
        '/api/course/tasks',
        body({ course_id: course.id, taskable_type: 'module', taskable_id: moduleId, name, ...extra }),
      );
      expect(response.status).toBe(201);
      return Number(one(response.body).id);
    };
    const ended = await make('Ended', { start_at: iso(-3 * HOUR), end_at: iso(-HOUR) });
    const open = await make('Open', { start_at: iso(-HOUR), end_at: iso(2 * HOUR) });
    const answered = await make('Answered', { start_at: iso(-HOUR), end_at: iso(3 * HOUR) });
    const noEnd = await make('No end', {});
    await h.ds.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, is_sent, updated_by) VALUES (1, $1, $2, true, $2)`,
      [answered, c.student.id],
    );
    const base = `/api/course/tasks?filter[course_id]=${course.id}`;
    expect(ids(await c.asLecturer.get(`${base}&sort=end_at&page[limit]=0`))).toEqual([
      ended,
      open,
      answered,
      noEnd,
    ]);
    expect(ids(await c.asLecturer.get(`${base}&sort=-name&page[limit]=2&page[offset]=1`))).toEqual([
      noEnd,
      ended,
    ]);
    const page = await c.asLecturer.get(`${base}&page[limit]=2`);
    expect(page.body.meta).toMatchObject({ total: 4, limit: 2, offset: 0 });
    expect(
      ids(
        await c.asLecturer.get(
          `${base}&filter[taskable_type]=module&filter[taskable_id]=${moduleId}&sort=name`,
        ),
      ),
    ).toEqual([answered, ended, noEnd, open]);

    // The student's homepage: open, not sent (a task without an end stays); the lecturer's: ended.
    expect(ids(await c.asStudent.get(`${base}&filter[homepage]=1&sort=end_at&page[limit]=0`))).toEqual([
      open,
      noEnd,
    ]);
    expect(ids(await c.asLecturer.get(`${base}&filter[homepage]=1&sort=end_at&page[limit]=0`))).toEqual([
      ended,
    ]);
    // What waits for the lecturer there: an answer sent and never scored, one sent again after its
    // score (a change request); not one scored since it was sent, nor a draft.
    await h.ds.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, is_sent, sent_at, score, scored_at, updated_by)
       VALUES (1, $1, $2, true, now() - interval '2 hours', NULL, NULL, $2),
              (1, $1, $3, true, now() - interval '90 minutes', 70, now() - interval '2 hours', $3),
              (1, $1, $4, true, now() - interval '2 hours', 80, now() - interval '90 minutes', $4),
              (1, $1, $5, false, NULL, NULL, NULL, $5)`,
      [ended, c.student.id, c.groupmate.id, c.classmate.id, c.otherStudent.id],
    );
    const toGrade = list((await c.asLecturer.get(`/api/course/tasks?filter[homepage]=1&page[limit]=0`)).body);
    expect(toGrade.find((item) => Number(item.id) === ended)?.attributes.meta).toEqual({
      counts: { students: 4, sent: 3, late: 0, scored: 2, to_score: 2 },
    });
    // The server decides whose: not a lecturer of another course, nor one of another campus, nor a
    // student of the course.
    for (const outsider of [c.asStranger, c.asElsewhere, c.asStudent])
      expect(ids(await outsider.get(`/api/course/tasks?filter[homepage]=1&page[limit]=0`))).not.toContain(
        ended,
      );
    const included = await c.asLecturer.get(`${base}&filter[id]=${ended}&include=classes`);
    expect(included.body.included).toEqual([
      expect.objectContaining({ type: 'classes', id: String(classId) }),
    ]);
    expect((await c.asLecturer.get(`${base}&filter[homepage]=maybe`)).status).toBe(400);
  });

  it('deletes softly, lists the deleted for staff (filter[trashed]) and restores with PUT', async () => {
    const created = await task({ name: 'To delete' });
    const path = `/api/course/tasks/${created.id}`;
    expect((await c.asStudent.send<JsonDocument>('DELETE', path)).status).toBe(403);
    expect((await c.asLecturer.send<JsonDocument>('DELETE', path)).status).toBe(204);
    expect((await c.asStudent.get(path)).status).toBe(404);
    const listed = await c.asLecturer.get(`/api/course/tasks?filter[course_id]=${c.course.id}&page[limit]=0`);
    expect(ids(listed)).not.toContain(Number(created.id));
    const trashed = await c.asLecturer.get(
      `/api/course/tasks?filter[course_id]=${c.course.id}&filter[trashed]=1`,
    );
    expect(ids(trashed)).toEqual([Number(created.id)]);
    expect(ids(await c.asStudent.get(`/api/course/tasks?filter[trashed]=1`))).toEqual([]);
    const restored = await c.asLecturer.send<JsonDocument>('PUT', path);
    expect(restored.status).toBe(200);
    expect(one(restored.body).attributes.deleted_at).toBeNull();
    expect((await c.asStudent.get(path)).status).toBe(200);
    const events = (await h.events('task.task.upserted')).filter(
      (event) => event.data.id === Number(created.id),
    );
    expect(events.map((event) => event.data.deleted)).toEqual([false, true, false]);
  });

  it('syncs the classes a task is for', async () => {
    const created = await task({ name: 'Classes' });
    const sync = (attributes: Record<string, unknown>) =>
      c.asLecturer.send<JsonDocument>(
        'PUT',
        '/api/course/tasks/classes',
        body({ action: 'sync', task_id: Number(created.id), ...attributes }),
      );
    const onlyB = await sync({ all_class: false, class_ids: [c.classB] });
    expect(onlyB.status).toBe(200);
    expect(one(onlyB.body).attributes).toMatchObject({ all_class: false, class_ids: [c.classB] });
    expect(onlyB.body.included?.map((item) => Number(item.id))).toEqual([c.classB]);
    expect((await c.asStudent.get(`/api/course/tasks/${created.id}`)).status).toBe(404);
    const all = await sync({ all_class: true });
    expect(one(all.body).attributes).toMatchObject({ all_class: true, class_ids: [] });
    expect((await c.asStudent.get(`/api/course/tasks/${created.id}`)).status).toBe(200);
    const wrong = await sync({ all_class: false, class_ids: [] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors?.[0].source?.pointer).toBe('/data/attributes/class_ids');
    const bad = await c.asLecturer.send<JsonDocument>(
      'PUT',
      '/api/course/tasks/classes',
      body({ action: 'merge', task_id: 1 }),
    );
    expect(bad.body.errors?.[0].source?.pointer).toBe('/data/attributes/action');
    expect(
      (
        await c.asStudent.send(
          'PUT',
          '/api/course/tasks/classes',
          body({ action: 'sync', task_id: Number(created.id), all_class: true }),
        )
      ).status,
    ).toBe(403);
  });

  it('attaches files to a task, serves them to its readers and detaches them', async () => {
    const created = await task({ name: 'With files' });
    const path = `/api/course/tasks/${created.id}`;
    const added = await upload(c.lecturer, `${path}/files`, PDF, 'brief.pdf');
    expect(added.status).toBe(201);
    const [file] = one(added.body).attributes.files as Array<{
      key: string;
      name: string;
      size: number;
      mime: string;
    }>;
    expect(file).toEqual({
      key: expect.stringMatching(/^task\/1\/tasks\//),
      name: 'brief.pdf',
      size: PDF.length,
      mime: 'application/pdf',
    });
    expect((await upload(c.student, `${path}/files`, PDF)).status).toBe(403);
    const exe = await upload(c.lecturer, `${path}/files`, Buffer.from([0x4d, 0x5a, 0x90, 0]), 'setup.pdf');
    expect(exe.status).toBe(422);

    const name = file.key.split('/').pop()!;
    const download = await fetch(`${h.baseUrl}${path}/files/${name}`, {
      headers: { authorization: `Bearer ${await h.token(c.student)}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="brief.pdf"');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    const full = await fetch(`${h.baseUrl}${path}/files/${encodeURIComponent(file.key)}`, {
      headers: { authorization: `Bearer ${await h.token(c.lecturer)}` },
    });
    expect(full.status).toBe(200);
    await full.arrayBuffer();
    expect((await c.asOtherStudent.get(`${path}/files/${name}`)).status).toBe(404);
    expect((await c.asStudent.get(`${path}/files/00000000-0000-4000-8000-000000000000`)).status).toBe(404);

    expect((await c.asStudent.send<JsonDocument>('DELETE', `${path}/files/${name}`)).status).toBe(403);
    const removed = await c.asLecturer.send<JsonDocument>('DELETE', `${path}/files/${name}`);
    expect(removed.status).toBe(200);
    expect(one(removed.body).attributes.files).toEqual([]);
    expect((await c.asLecturer.get(`${path}/files/${name}`)).status).toBe(404);
  });

  it('lists the students of a task with their answer, group and state (staff only)', async () => {
    const created = await task({ name: 'Students', end_at: iso(HOUR), is_lateable: true });
    const id = Number(created.id);
    await h.ds.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, is_sent, is_late, sent_at, updated_by)
       VALUES (1, $1, $2, true, true, now(), $2), (1, $1, $3, false, false, null, $3)`,
      [id, c.student.id, c.classmate.id],
    );
    const path = `/api/course/tasks/${id}/students`;
    expect((await c.asStudent.get(path)).status).toBe(403);
    expect((await c.asElsewhere.get(path)).status).toBe(404);
    const all = await c.asLecturer.get(`${path}?page[limit]=0`);
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 3 });
    const byStudent = new Map(list(all.body).map((row) => [Number(row.id), row.attributes]));
    expect(byStudent.get(c.student.id)).toMatchObject({
      student: { id: c.student.id, class: 'A' },
      answer: { is_sent: true, is_late: true, score: null },
      group: null,
      state: 'late',
    });
    expect(byStudent.get(c.classmate.id)).toMatchObject({ student: { class: 'B' }, state: 'draft' });
    expect(byStudent.get(c.groupmate.id)).toMatchObject({ answer: null, state: 'not_started' });
    const ofB = await c.asLecturer.get(`${path}?filter[class_id]=${c.classB}`);
    expect(list(ofB.body).map((row) => Number(row.id))).toEqual([c.classmate.id]);
    const late = await c.asLecturer.get(`${path}?filter[state]=late`);
    expect(list(late.body).map((row) => Number(row.id))).toEqual([c.student.id]);
    const paged = await c.asLecturer.get(`${path}?page[limit]=1&page[offset]=1`);
    expect(paged.body.meta).toMatchObject({ total: 3 });
    expect(list(paged.body)).toHaveLength(1);
  });
});
