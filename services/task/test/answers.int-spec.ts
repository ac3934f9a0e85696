import { givenTask, multipart, PDF, type TaskCourse } from './support/answers';
import { body, list, one, TaskHarness } from './support/harness';

const HOUR = 3600_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Personal answers: draft, send, late and file rules, change requests, who reads what. */
describe('personal answers', () => {
  const h = new TaskHarness();
  let c: TaskCourse;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
  });
  afterAll(() => h.stop());

  const save = (client: TaskCourse['asStudent'], attributes: Record<string, unknown>) =>
    client.post('/api/course/tasks/setAnswer', body(attributes));
  const answerRow = async (id: string | number) =>
    (await h.ds.query(`SELECT * FROM task_answers WHERE id = $1`, [id]))[0] as Record<string, unknown>;

  it('saves a draft, changes it, sends it once, and records the send', async () => {
    const task = await givenTask(h, c);
    const draft = await save(c.asStudent, { task_id: task.id, answer: 'My first idea', is_sent: 0 });
    expect(draft.status).toBe(200);
    expect(one(draft.body)).toMatchObject({
      type: 'task-answers',
      attributes: {
        task_id: task.id,
        student_id: c.student.id,
        group_id: null,
        answer: '<p>My first idea</p>',
        files: [],
        is_sent: false,
        sent_at: null,
        is_late: false,
        comment: null,
        score: null,
      },
    });
    const id = one(draft.body).id;

    const sent = await save(c.asStudent, {
      task_id: String(task.id),
      answer: '<p>My <strong>essay</strong></p>',
      is_sent: '1',
    });
    expect(sent.status).toBe(200);
    expect(one(sent.body).id).toBe(id);
    expect(one(sent.body).attributes).toMatchObject({
      answer: '<p>My <strong>essay</strong></p>',
      is_sent: true,
      is_late: false,
    });
    expect(one(sent.body).attributes.sent_at).toEqual(expect.any(String));

    const [event, ...more] = (await h.events('task.answer.submitted')).filter(
      (e) => e.data.taskId === task.id,
    );
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      tenantId: 1,
      actorId: c.student.id,
      data: {
        answerId: Number(id),
        taskId: task.id,
        courseId: c.course.id,
        studentId: c.student.id,
        groupId: null,
        memberIds: [c.student.id],
        sentBy: c.student.id,
        isLate: false,
      },
    });

    // A sent answer is locked for the student until a change request.
    const again = await save(c.asStudent, { task_id: task.id, answer: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]).toMatchObject({ code: 'already_sent' });
    expect((await answerRow(id)).answer).toBe('<p>My <strong>essay</strong></p>');
  });

  it('strips what rich text may not hold, and refuses to send an empty answer', async () => {
    const task = await givenTask(h, c);
    const draft = await save(c.asStudent, {
      task_id: task.id,
      answer: '<p onclick="steal()">Hi<script>alert(1)</script></p>',
    });
    expect(one(draft.body).attributes.answer).toBe('<p>Hi</p>');
    const empty = await save(c.asStudent, { task_id: task.id, answer: '<p> </p>', is_sent: 1 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/answer' });
    expect((await answerRow(one(draft.body).id)).is_sent).toBe(false);
  });

  it('answers a bad body with a 422 pointing at each field', async () => {
    const task = await givenTask(h, c);
    const missing = await save(c.asStudent, { answer: 'x' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({
        detail: 'Task id is required',
        source: { pointer: '/data/attributes/task_id' },
      }),
    ]);
    const bad = await save(c.asStudent, { task_id: task.id, is_sent: 'maybe', score: 100 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.map((error) => error.source?.pointer).sort()).toEqual([
      '/data/attributes/is_sent',
      '/data/attributes/score',
    ]);
    expect(
      (await c.asStudent.post('/api/course/tasks/setAnswer', '[1]', { 'content-type': 'application/json' }))
        .status,
    ).toBe(400);
  });

  it('is the student’s own: another student, another course’s people and another campus get a 404', async () => {
    const task = await givenTask(h, c);
    const mine = one((await save(c.asStudent, { task_id: task.id, answer: 'mine', is_sent: 1 })).body);
    const theirs = one((await save(c.asGroupmate, { task_id: task.id, answer: 'theirs' })).body);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.attributes.student_id).toBe(c.groupmate.id);

    for (const client of [c.asGroupmate, c.asOtherStudent, c.asStranger, c.asElsewhere, c.asElsewhereStudent])
      expect((await client.get(`/api/course/task/answers/${mine.id}`)).status).toBe(404);
    expect((await c.asStudent.get(`/api/course/task/answers/${mine.id}`)).status).toBe(200);
    expect(
      (await c.asAssistant.get(`/api/course/task/answers/${mine.id}?include=student`)).body,
    ).toMatchObject({
      data: {
        id: mine.id,
        relationships: { student: { data: { type: 'users', id: String(c.student.id) } } },
      },
      included: [{ type: 'users', id: String(c.student.id), attributes: { name: c.student.name } }],
    });

    // Lists: the student sees theirs, the staff every answer of the task, outsiders none.
    const ids = async (client: TaskCourse['asStudent']) =>
      list((await client.get(`/api/course/task/answers?filter[task_id]=${task.id}`)).body).map((a) => a.id);
    expect(await ids(c.asStudent)).toEqual([mine.id]);
    expect(await ids(c.asGroupmate)).toEqual([theirs.id]);
    expect(await ids(c.asLecturer)).toEqual([mine.id, theirs.id]);
    expect(await ids(c.asStranger)).toEqual([]);
    expect(await ids(c.asElsewhere)).toEqual([]);
    const sentOnly = await c.asLecturer.get(
      `/api/course/task/answers?filter[task_id]=${task.id}&filter[is_sent]=1`,
    );
    expect(list(sentOnly.body).map((a) => a.id)).toEqual([mine.id]);
    expect(sentOnly.body.meta).toMatchObject({ total: 1 });

    // The staff score answers; they do not write them.
    const staff = await save(c.asLecturer, { task_id: task.id, answer: 'by staff' });
    expect(staff.status).toBe(403);
  });

  it('includes its task as the reader sees it', async () => {
    const task = await givenTask(h, c, { name: 'Essay on rivers' }, [c.classA]);
    const answer = one((await save(c.asStudent, { task_id: task.id, answer: 'rivers' })).body);
    const mine = await c.asStudent.get(`/api/course/task/answers/${answer.id}?include=task`);
    expect(mine.status).toBe(200);
    expect(one(mine.body).relationships?.task).toEqual({ data: { type: 'tasks', id: String(task.id) } });
    expect(mine.body.included).toEqual([
      expect.objectContaining({
        type: 'tasks',
        id: String(task.id),
        attributes: expect.objectContaining({
          name: 'Essay on rivers',
          class_ids: [c.classA],
          can_edit: false,
        }),
      }),
    ]);
    const listed = await c.asLecturer.get(
      `/api/course/task/answers?filter[task_id]=${task.id}&include=task,student`,
    );
    expect(listed.body.included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'tasks', attributes: expect.objectContaining({ can_edit: true }) }),
        expect.objectContaining({ type: 'users', id: String(c.student.id) }),
      ]),
    );
    expect((await c.asStudent.get(`/api/course/task/answers/${answer.id}?include=course`)).status).toBe(400);
  });

  it('withholds the score and rubric levels from the student until the task shows scores', async () => {
    const task = await givenTask(h, c);
    const answer = one((await save(c.asStudent, { task_id: task.id, answer: 'scored', is_sent: 1 })).body);
    await h.ds.query(
      `UPDATE task_answers SET score = 85, rubrics = '[{"criterion":0,"level":1,"point":85}]', scored_at = now(), scored_by = $2 WHERE id = $1`,
      [answer.id, c.lecturer.id],
    );
    const asStudent = async () =>
      one((await c.asStudent.get(`/api/course/task/answers/${answer.id}`)).body).attributes;
    expect(await asStudent()).toMatchObject({ score: null, rubrics: null, scored_at: null });
    expect(
      list((await c.asStudent.get(`/api/course/task/answers?filter[task_id]=${task.id}`)).body)[0].attributes
        .score,
    ).toBeNull();
    expect(
      one((await c.asLecturer.get(`/api/course/task/answers/${answer.id}`)).body).attributes,
    ).toMatchObject({
      score: 85,
      rubrics: [{ criterion: 0, level: 1, point: 85 }],
    });
    await h.ds.query(`UPDATE tasks SET show_score = true WHERE id = $1`, [task.id]);
    expect(await asStudent()).toMatchObject({ score: 85, rubrics: [{ criterion: 0, level: 1, point: 85 }] });
    expect(
      list((await c.asStudent.get(`/api/course/task/answers?filter[task_id]=${task.id}`)).body)[0].attributes
        .score,
    ).toBe(85);
  });

  describe('its window', () => {
    it('does not exist for the student before its start, when inactive, deleted, or for another class', async () => {
      const later = await givenTask(h, c, { startAt: new Date(Date.now() + HOUR) });
      const inactive = await givenTask(h, c, { isActive: false });
      const deleted = await givenTask(h, c, { deletedAt: new Date() });
      const classB = await givenTask(h, c, {}, [c.classB]);
      for (const task of [later, inactive, deleted, classB]) {
        const response = await save(c.asStudent, { task_id: task.id, answer: 'too soon' });
        expect(response.status).toBe(404);
      }
      expect((await save(c.asClassmate, { task_id: classB.id, answer: 'class B' })).status).toBe(200);
      expect((await save(c.asElsewhereStudent, { task_id: classB.id, answer: 'x' })).status).toBe(404);
      expect(
        (
          await h.ds.query(`SELECT count(*)::int AS n FROM task_answers WHERE task_id = ANY($1)`, [
            [later.id, inactive.id, deleted.id],
          ])
        )[0].n,
      ).toBe(0);
    });

    it('closes at its end: a draft and a send are refused unless the task takes late answers', async () => {
      const closed = await givenTask(h, c, {
        startAt: new Date(Date.now() - 2 * HOUR),
        endAt: new Date(Date.now() - HOUR),
      });
      for (const is_sent of [0, 1]) {
        const response = await save(c.asStudent, { task_id: closed.id, answer: 'late', is_sent });
        expect(response.status).toBe(403);
        expect(response.body.errors?.[0]).toMatchObject({ code: 'closed' });
      }
      const lateable = await givenTask(h, c, {
        startAt: new Date(Date.now() - 2 * HOUR),
        endAt: new Date(Date.now() - HOUR),
        isLateable: true,
      });
      const draft = await save(c.asStudent, { task_id: lateable.id, answer: 'late draft' });
      expect(one(draft.body).attributes).toMatchObject({ is_sent: false, is_late: false });
      const sent = await save(c.asStudent, { task_id: lateable.id, is_sent: 1 });
      expect(sent.status).toBe(200);
      expect(one(sent.body).attributes).toMatchObject({
        is_sent: true,
        is_late: true,
        answer: '<p>late draft</p>',
      });
      const events = (await h.events('task.answer.submitted')).filter((e) => e.data.taskId === lateable.id);
      expect(events.map((e) => e.data.isLate)).toEqual([true]);
    });
  });

  describe('files', () => {
    it('refuses a send without a file when the task needs one, then takes a PDF by multipart', async () => {
      const task = await givenTask(h, c, { fileRequired: true });
      const token = await h.token(c.student);
      const bare = await save(c.asStudent, { task_id: task.id, answer: 'see attached', is_sent: 1 });
      expect(bare.status).toBe(422);
      expect(bare.body.errors?.[0]).toMatchObject({
        code: 'file_required',
        source: { pointer: '/data/attributes/file' },
      });

      const sent = await multipart(
        h,
        token,
        'POST',
        '/api/course/tasks/setAnswer',
        { task_id: String(task.id), answer: 'see attached', is_sent: '1' },
        [{ name: 'essay.pdf', bytes: PDF, type: 'text/plain' }],
      );
      expect(sent.status).toBe(200);
      const answer = one(sent.body);
      expect(answer.attributes).toMatchObject({
        is_sent: true,
        files: [
          {
            key: expect.stringMatching(/^task\/1\/answers\//),
            name: 'essay.pdf',
            size: PDF.length,
            mime: 'application/pdf',
          },
        ],
      });
      const key = (answer.attributes.files as Array<{ key: string }>)[0].key.split('/').pop();

      // The student and the staff download it; another student does not.
      for (const who of [c.student, c.lecturer]) {
        const file = await fetch(`${h.baseUrl}/api/course/task/answers/${answer.id}/files/${key}`, {
          headers: { authorization: `Bearer ${await h.token(who)}` },
        });
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('application/pdf');
        expect(file.headers.get('content-disposition')).toMatch(/^inline/);
        expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
      }
      expect((await c.asGroupmate.get(`/api/course/task/answers/${answer.id}/files/${key}`)).status).toBe(
        404,
      );
      expect((await c.asStudent.get(`/api/course/task/answers/${answer.id}/files/not-a-key`)).status).toBe(
        404,
      );
    });

    it('keeps the files named, removes the others from the store, and refuses what is not a file of it', async () => {
      const task = await givenTask(h, c);
      const token = await h.token(c.groupmate);
      const draft = one(
        (
          await multipart(h, token, 'POST', '/api/course/tasks/setAnswer', { task_id: String(task.id) }, [
            { name: 'a.pdf', bytes: PDF },
            { name: 'b.png', bytes: PNG, part: 'files[]' },
          ])
        ).body,
      );
      const [a, b] = draft.attributes.files as Array<{ key: string }>;
      expect(draft.attributes.files).toHaveLength(2);
      const bPath = `/api/course/task/answers/${draft.id}/files/${b.key.split('/').pop()}`;
      expect((await c.asGroupmate.get(bPath)).status).toBe(200);

      const unknown = await save(c.asGroupmate, {
        task_id: task.id,
        files: [a.key, 'task/1/answers/elsewhere'],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/files/1' });

      // Kept by key (JSON), or by the file object itself; b is dropped and gone from the store.
      const kept = await save(c.asGroupmate, { task_id: task.id, files: [a] });
      expect((one(kept.body).attributes.files as Array<{ key: string }>).map((f) => f.key)).toEqual([a.key]);
      expect((await c.asGroupmate.get(bPath)).status).toBe(404);

      // A multipart save keeping a by a `files` field and adding one more.
      const more = await multipart(
        h,
        token,
        'POST',
        '/api/course/tasks/setAnswer',
        { task_id: String(task.id), files: JSON.stringify([a.key]) },
        [{ name: 'c.png', bytes: PNG }],
      );
      expect((one(more.body).attributes.files as Array<{ name: string }>).map((f) => f.name)).toEqual([
        'a.pdf',
        'c.png',
      ]);
    });

    it('refuses a file of a type it does not take, and stores nothing of the request', async () => {
      const task = await givenTask(h, c);
      const token = await h.token(c.student);
      const refused = await multipart(
        h,
        token,
        'POST',
        '/api/course/tasks/setAnswer',
        { task_id: String(task.id), answer: 'x' },
        [{ name: 'tool.exe', bytes: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 7)]) }],
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/file' });
      expect(
        (await h.ds.query(`SELECT count(*)::int AS n FROM task_answers WHERE task_id = $1`, [task.id]))[0].n,
      ).toBe(0);
    });
  });

  describe('change requests', () => {
    it('sends a sent answer back to draft with the lecturer’s comment; the student sends it again', async () => {
      const task = await givenTask(h, c);
      const answer = one((await save(c.asStudent, { task_id: task.id, answer: 'v1', is_sent: 1 })).body);
      const sentAt = answer.attributes.sent_at;
      const path = `/api/course/task/answers/${answer.id}`;

      expect((await c.asStudent.patch(path, body({ is_sent: 0, comment: 'I want it back' }))).status).toBe(
        403,
      );
      expect((await c.asGroupmate.patch(path, body({ is_sent: 0, comment: 'x' }))).status).toBe(404);
      expect((await c.asElsewhere.patch(path, body({ is_sent: 0, comment: 'x' }))).status).toBe(404);
      const noComment = await c.asLecturer.patch(path, body({ is_sent: 0 }));
      expect(noComment.status).toBe(422);
      expect(noComment.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/comment' });
      expect((await c.asLecturer.patch(path, body({ is_sent: 1, comment: 'x' }))).status).toBe(422);

      const reopened = await c.asAssistant.patch(path, body({ is_sent: 0, comment: 'Add your sources' }));
      expect(reopened.status).toBe(200);
      expect(one(reopened.body).attributes).toMatchObject({
        is_sent: false,
        comment: 'Add your sources',
        sent_at: sentAt,
      });
      const reopenedEvents = (await h.events('task.answer.reopened')).filter(
        (e) => e.data.taskId === task.id,
      );
      expect(reopenedEvents.map((e) => e.data)).toEqual([
        expect.objectContaining({
          answerId: Number(answer.id),
          courseId: Number(task.courseId),
          studentId: c.student.id,
          groupId: null,
          memberIds: [c.student.id],
        }),
      ]);
      expect(reopenedEvents[0].actorId).toBe(c.assistant.id);
      const twice = await c.asAssistant.patch(path, body({ is_sent: 0, comment: 'again' }));
      expect(twice.status).toBe(409);
      expect(twice.body.errors?.[0]).toMatchObject({ code: 'not_sent' });

      const v2 = await save(c.asStudent, { task_id: task.id, answer: 'v2 with sources', is_sent: 1 });
      expect(one(v2.body).attributes).toMatchObject({
        is_sent: true,
        answer: '<p>v2 with sources</p>',
        comment: 'Add your sources',
      });
      expect((await h.events('task.answer.submitted')).filter((e) => e.data.taskId === task.id)).toHaveLength(
        2,
      );
    });

    it('lets a reopened answer be sent after the end, not late for that', async () => {
      const task = await givenTask(h, c, {
        startAt: new Date(Date.now() - 3 * HOUR),
        endAt: new Date(Date.now() - HOUR),
      });
      const [{ id }] = await h.ds.query(
        `INSERT INTO task_answers (tenant_id, task_id, student_id, answer, is_sent, sent_at, updated_by)
         VALUES (1, $1, $2, '<p>on time</p>', true, now() - interval '2 hours', $2) RETURNING id`,
        [task.id, c.student.id],
      );
      expect(
        (
          await c.asLecturer.patch(
            `/api/course/task/answers/${id}`,
            body({ is_sent: 0, comment: 'Fix the table' }),
          )
        ).status,
      ).toBe(200);
      const resent = await save(c.asStudent, { task_id: task.id, answer: 'fixed', is_sent: 1 });
      expect(resent.status).toBe(200);
      expect(one(resent.body).attributes).toMatchObject({ is_sent: true, is_late: false });
      // Another student who never sent cannot start after the end.
      expect((await save(c.asGroupmate, { task_id: task.id, answer: 'x' })).status).toBe(403);
    });
  });

  it('makes one answer of first saves racing each other', async () => {
    const task = await givenTask(h, c);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(c.asStudent, { task_id: task.id, answer: `try ${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(responses.map((r) => one(r.body).id)).size).toBe(1);
    expect(
      (await h.ds.query(`SELECT count(*)::int AS n FROM task_answers WHERE task_id = $1`, [task.id]))[0].n,
    ).toBe(1);
  });
});
