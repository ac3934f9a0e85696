import { givenTask, multipart, PDF, type TaskCourse } from './support/answers';
import { body, list, one, TaskHarness } from './support/harness';

/** Comments on answers, with files: between the answer's student(s) and the staff. */
describe('comments on answers', () => {
  const h = new TaskHarness();
  let c: TaskCourse;
  let answerId: string;
  let groupAnswerId: string;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
    const task = await givenTask(h, c);
    answerId = one(
      (
        await c.asStudent.post(
          '/api/course/tasks/setAnswer',
          body({ task_id: task.id, answer: 'essay', is_sent: 1 }),
        )
      ).body,
    ).id;
    const groupTask = await givenTask(h, c, { taskType: 'GROUP' });
    await c.asLecturer.post(
      `/api/course/task/${groupTask.id}/groups`,
      body({ name: 'G', student_ids: [c.student.id, c.groupmate.id] }),
    );
    groupAnswerId = one(
      (
        await c.asGroupmate.post(
          '/api/course/tasks/setAnswer',
          body({ task_id: groupTask.id, answer: 'ours' }),
        )
      ).body,
    ).id;
  });
  afterAll(() => h.stop());

  const thread = (id: string) =>
    `/api/course/comments?filter[commentable_type]=task_answer&filter[commentable_id]=${id}&page[limit]=0`;

  it('makes a thread of the student and the staff, oldest first, with files', async () => {
    const asked = await c.asStudent.post(
      '/api/course/comments',
      body({
        commentable_type: 'task_answer',
        commentable_id: answerId,
        comment: '  Is the bibliography counted?  ',
      }),
    );
    expect(asked.status).toBe(201);
    expect(one(asked.body)).toMatchObject({
      type: 'comments',
      attributes: {
        commentable_type: 'task_answer',
        commentable_id: Number(answerId),
        comment: 'Is the bibliography counted?',
        files: [],
        author: { id: c.student.id, name: c.student.name, is_staff: false },
      },
    });

    const replied = await multipart(
      h,
      await h.token(c.lecturer),
      'POST',
      '/api/course/comments',
      {
        commentable_type: 'task_answer',
        commentable_id: answerId,
        comment: 'No — see the marked copy',
      },
      [{ name: 'marked.pdf', bytes: PDF }],
    );
    expect(replied.status).toBe(201);
    const reply = one(replied.body);
    expect(reply.attributes).toMatchObject({
      author: { id: c.lecturer.id, is_staff: true },
      files: [{ name: 'marked.pdf', mime: 'application/pdf', size: PDF.length }],
    });

    for (const client of [c.asStudent, c.asAssistant]) {
      const read = await client.get(thread(answerId));
      expect(read.status).toBe(200);
      expect(list(read.body).map((comment) => comment.attributes.comment)).toEqual([
        'Is the bibliography counted?',
        'No — see the marked copy',
      ]);
    }

    const key = (reply.attributes.files as Array<{ key: string }>)[0].key.split('/').pop();
    const file = await fetch(`${h.baseUrl}/api/course/comments/${reply.id}/files/${key}`, {
      headers: { authorization: `Bearer ${await h.token(c.student)}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PDF);
    expect((await c.asGroupmate.get(`/api/course/comments/${reply.id}/files/${key}`)).status).toBe(404);
  });

  it('is closed to anyone who may not read the answer', async () => {
    for (const client of [c.asGroupmate, c.asClassmate, c.asOtherStudent, c.asStranger, c.asElsewhere]) {
      expect((await client.get(thread(answerId))).status).toBe(404);
      const posted = await client.post(
        '/api/course/comments',
        body({ commentable_type: 'task_answer', commentable_id: answerId, comment: 'hello' }),
      );
      expect(posted.status).toBe(404);
    }
    const count = await h.ds.query(`SELECT count(*)::int AS n FROM comments WHERE comment = 'hello'`);
    expect(count[0].n).toBe(0);
  });

  it('is open to every member of a group on its answer', async () => {
    expect(
      (
        await c.asStudent.post(
          '/api/course/comments',
          body({ commentable_type: 'task_answer', commentable_id: groupAnswerId, comment: 'mine too' }),
        )
      ).status,
    ).toBe(201);
    expect(
      list((await c.asGroupmate.get(thread(groupAnswerId))).body).map(
        (comment) => comment.attributes.comment,
      ),
    ).toEqual(['mine too']);
    expect((await c.asClassmate.get(thread(groupAnswerId))).status).toBe(404);
  });

  it('refuses an empty comment, an unknown type and a list without its answer', async () => {
    const empty = await c.asStudent.post(
      '/api/course/comments',
      body({ commentable_type: 'task_answer', commentable_id: answerId, comment: ' ' }),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/comment' });
    const type = await c.asStudent.post(
      '/api/course/comments',
      body({ commentable_type: 'exam', commentable_id: answerId, comment: 'x' }),
    );
    expect(type.status).toBe(422);
    expect(type.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/commentable_type' });
    const unfiltered = await c.asStudent.get('/api/course/comments');
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.body.errors?.[0].source).toEqual({ parameter: 'filter[commentable_type]' });
  });
});
