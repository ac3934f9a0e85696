import { givenTask, type TaskCourse } from './support/answers';
import { body, list, one, TaskHarness } from './support/harness';

/** Groups of a group task and the group's one answer. */
describe('groups and group answers', () => {
  const h = new TaskHarness();
  let c: TaskCourse;
  beforeAll(async () => {
    await h.start();
    c = await h.course();
  });
  afterAll(() => h.stop());

  const groupsOf = (taskId: number) => `/api/course/task/${taskId}/groups`;

  describe('groups', () => {
    it('are made by the staff of the task’s students, one group per student', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      const made = await c.asLecturer.post(
        groupsOf(task.id),
        body({ name: 'Group 1', student_ids: [c.student.id, c.groupmate.id] }),
      );
      expect(made.status).toBe(201);
      expect(one(made.body)).toMatchObject({
        type: 'task-groups',
        attributes: { task_id: task.id, name: 'Group 1', answer_id: null },
      });
      expect(
        (one(made.body).attributes.members as Array<{ id: number }>).map((member) => member.id).sort(),
      ).toEqual([c.student.id, c.groupmate.id].sort());
      expect(one(made.body).attributes.members).toContainEqual({
        id: c.student.id,
        name: c.student.name,
        username: c.student.username,
      });

      // Someone not taking the task, someone in another group, a name taken: one issue each.
      const refused = await c.asAssistant.post(
        groupsOf(task.id),
        body({ name: 'Group 2', student_ids: [c.classmate.id, c.otherStudent.id, c.student.id] }),
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.map((error) => [error.source?.pointer, error.detail])).toEqual([
        ['/data/attributes/student_ids/1', `Student ${c.otherStudent.id} does not take this task`],
        ['/data/attributes/student_ids/2', `Student ${c.student.id} is already in the group Group 1`],
      ]);
      const sameName = await c.asAssistant.post(groupsOf(task.id), body({ name: 'Group 1' }));
      expect(sameName.status).toBe(422);
      expect(sameName.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/name' });
      const empty = await c.asAssistant.post(groupsOf(task.id), body({ student_ids: [] }));
      expect(empty.status).toBe(422);

      // Only the staff of the course; another campus does not see the task at all.
      expect((await c.asStudent.post(groupsOf(task.id), body({ name: 'Mine' }))).status).toBe(403);
      expect((await c.asStranger.post(groupsOf(task.id), body({ name: 'Mine' }))).status).toBe(404);
      expect((await c.asElsewhere.post(groupsOf(task.id), body({ name: 'Mine' }))).status).toBe(404);
      expect(
        (await h.ds.query(`SELECT count(*)::int AS n FROM task_groups WHERE task_id = $1`, [task.id]))[0].n,
      ).toBe(1);

      // A personal task has no groups; a task of class B takes only class B's students.
      const personal = await givenTask(h, c);
      expect((await c.asLecturer.post(groupsOf(personal.id), body({ name: 'G' }))).status).toBe(422);
      const classB = await givenTask(h, c, { taskType: 'GROUP' }, [c.classB]);
      const wrongClass = await c.asLecturer.post(
        groupsOf(classB.id),
        body({ name: 'G', student_ids: [c.student.id] }),
      );
      expect(wrongClass.status).toBe(422);
      expect(
        (await c.asLecturer.post(groupsOf(classB.id), body({ name: 'G', student_ids: [c.classmate.id] })))
          .status,
      ).toBe(201);
    });

    it('are listed whole to the staff (page limit 0 for all) and a student sees their own', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      for (const [name, ids] of [
        ['Beta', [c.student.id]],
        ['Alpha', [c.groupmate.id]],
        ['Gamma', []],
      ] as const)
        expect((await c.asLecturer.post(groupsOf(task.id), body({ name, student_ids: ids }))).status).toBe(
          201,
        );

      const all = await c.asLecturer.get(`${groupsOf(task.id)}?page[limit]=0`);
      expect(list(all.body).map((group) => group.attributes.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
      expect(all.body.meta).toMatchObject({ total: 3 });
      const firstTwo = await c.asLecturer.get(`${groupsOf(task.id)}?page[limit]=2&sort=-name`);
      expect(list(firstTwo.body).map((group) => group.attributes.name)).toEqual(['Gamma', 'Beta']);

      const own = await c.asStudent.get(`${groupsOf(task.id)}?page[limit]=0`);
      expect(list(own.body).map((group) => group.attributes.name)).toEqual(['Beta']);
      const me = await c.asStudent.get(`${groupsOf(task.id)}/me`);
      expect(one(me.body).attributes).toMatchObject({
        name: 'Beta',
        members: [expect.objectContaining({ id: c.student.id })],
      });
      expect((await c.asClassmate.get(`${groupsOf(task.id)}/me`)).body.data).toBeNull();
      for (const client of [c.asOtherStudent, c.asElsewhereStudent, c.asElsewhere])
        expect((await client.get(`${groupsOf(task.id)}/me`)).status).toBe(404);
    });

    it('are renamed and refilled by the staff, and deleted while they have no answer', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      const group = one(
        (await c.asLecturer.post(groupsOf(task.id), body({ name: 'One', student_ids: [c.student.id] }))).body,
      );
      const path = `${groupsOf(task.id)}/${group.id}`;
      const changed = await c.asLecturer.patch(
        path,
        body({ name: 'First', student_ids: [c.groupmate.id, c.classmate.id] }),
      );
      expect(changed.status).toBe(200);
      expect(one(changed.body).attributes.name).toBe('First');
      expect((one(changed.body).attributes.members as Array<{ id: number }>).map((m) => m.id).sort()).toEqual(
        [c.groupmate.id, c.classmate.id].sort(),
      );
      expect((await c.asStudent.get(`${groupsOf(task.id)}/me`)).body.data).toBeNull();
      expect((await c.asStudent.patch(path, body({ name: 'Ours' }))).status).toBe(403);
      expect((await c.asLecturer.patch(`${groupsOf(task.id)}/999999`, body({ name: 'x' }))).status).toBe(404);

      // With an answer it stays (its students' work); without one it goes.
      expect(
        (await c.asGroupmate.post('/api/course/tasks/setAnswer', body({ task_id: task.id, answer: 'ours' })))
          .status,
      ).toBe(200);
      const refused = await c.asLecturer.send('DELETE', path);
      expect(refused.status).toBe(409);
      expect((refused.body as { errors: Array<{ code: string }> }).errors[0].code).toBe('has_answer');
      const spare = one((await c.asLecturer.post(groupsOf(task.id), body({ name: 'Spare' }))).body);
      expect((await c.asLecturer.send('DELETE', `${groupsOf(task.id)}/${spare.id}`)).status).toBe(204);
      expect((await c.asLecturer.get(`${groupsOf(task.id)}?page[limit]=0`)).body.data).toHaveLength(1);
    });
  });

  describe('a group’s answer', () => {
    it('is saved and sent by any member, read by the group and the staff only', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      const ours = one(
        (
          await c.asLecturer.post(
            groupsOf(task.id),
            body({ name: 'Ours', student_ids: [c.student.id, c.groupmate.id] }),
          )
        ).body,
      );
      const theirs = one(
        (await c.asLecturer.post(groupsOf(task.id), body({ name: 'Theirs', student_ids: [c.classmate.id] })))
          .body,
      );

      const draft = await c.asStudent.post(
        '/api/course/tasks/setAnswer',
        body({ task_id: task.id, answer: 'part one' }),
      );
      expect(draft.status).toBe(200);
      const answer = one(draft.body);
      expect(answer.attributes).toMatchObject({
        group_id: Number(ours.id),
        student_id: null,
        updated_by: c.student.id,
      });

      // The other member continues the same answer (the group route, by the answer's id).
      const continued = await c.asGroupmate.patch(
        '/api/course/task/answer/groups',
        body({ id: answer.id, answer: 'part one and two' }),
      );
      expect(continued.status).toBe(200);
      expect(one(continued.body)).toMatchObject({
        id: answer.id,
        attributes: { answer: '<p>part one and two</p>', updated_by: c.groupmate.id },
      });

      // Another group, another course's student, another campus: not theirs.
      expect((await c.asClassmate.get(`/api/course/task/answers/${answer.id}`)).status).toBe(404);
      expect((await c.asClassmate.get(`/api/course/task/answers/group/${ours.id}`)).status).toBe(404);
      expect(
        (
          await c.asClassmate.patch(
            '/api/course/task/answer/groups',
            body({ id: answer.id, answer: 'hijack' }),
          )
        ).status,
      ).toBe(404);
      expect((await c.asClassmate.post(`/api/course/task/answer/groups/${answer.id}/send`)).status).toBe(404);
      expect((await c.asElsewhereStudent.get(`/api/course/task/answers/group/${ours.id}`)).status).toBe(404);
      expect((await c.asClassmate.get(`/api/course/task/answers/group/${theirs.id}`)).body.data).toBeNull();

      // Read by group id, by member and staff.
      for (const client of [c.asStudent, c.asGroupmate, c.asAssistant])
        expect(one((await client.get(`/api/course/task/answers/group/${ours.id}`)).body).id).toBe(answer.id);
      const [listed] = list((await c.asLecturer.get(`${groupsOf(task.id)}?filter[name]=Ours`)).body);
      expect(listed.attributes.answer_id).toBe(Number(answer.id));

      const sent = await c.asGroupmate.post(`/api/course/task/answer/groups/${answer.id}/send`);
      expect(sent.status).toBe(200);
      expect(one(sent.body).attributes).toMatchObject({ is_sent: true, is_late: false });
      const [event] = (await h.events('task.answer.submitted')).filter((e) => e.data.taskId === task.id);
      expect(event.data).toMatchObject({
        answerId: Number(answer.id),
        studentId: null,
        groupId: Number(ours.id),
        memberIds: [c.student.id, c.groupmate.id].sort((a, b) => a - b),
        sentBy: c.groupmate.id,
      });
      const locked = await c.asStudent.post(
        '/api/course/task/answer/groups',
        body({ task_id: task.id, answer: 'more' }),
      );
      expect(locked.status).toBe(409);
      expect(locked.body.errors?.[0].code).toBe('already_sent');
    });

    it('goes back to draft on the staff’s change request for the group', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      await c.asLecturer.post(
        groupsOf(task.id),
        body({ name: 'G', student_ids: [c.student.id, c.groupmate.id] }),
      );
      const answer = one(
        (
          await c.asStudent.post(
            '/api/course/task/answer/groups',
            body({ task_id: task.id, answer: 'done', is_sent: 1 }),
          )
        ).body,
      );
      expect(answer.attributes.is_sent).toBe(true);

      const path = `/api/course/task/answer/request/groups/${answer.id}`;
      expect((await c.asStudent.patch(path, body({ is_sent: 0, comment: 'x' }))).status).toBe(403);
      const reopened = await c.asLecturer.patch(
        path,
        body({ is_sent: 0, comment: 'Each member signs the report' }),
      );
      expect(reopened.status).toBe(200);
      expect(one(reopened.body).attributes).toMatchObject({
        is_sent: false,
        comment: 'Each member signs the report',
      });
      const resent = await c.asGroupmate.post(
        '/api/course/task/answer/groups',
        body({ task_id: task.id, answer: 'signed', is_sent: 1 }),
      );
      expect(one(resent.body).attributes).toMatchObject({ is_sent: true, answer: '<p>signed</p>' });

      // The group route takes group answers only.
      const personal = await givenTask(h, c);
      const own = one(
        (
          await c.asStudent.post(
            '/api/course/tasks/setAnswer',
            body({ task_id: personal.id, answer: 'mine', is_sent: 1 }),
          )
        ).body,
      );
      expect(
        (
          await c.asLecturer.patch(
            `/api/course/task/answer/request/groups/${own.id}`,
            body({ is_sent: 0, comment: 'x' }),
          )
        ).status,
      ).toBe(404);
      const wrongRoute = await c.asStudent.post(
        '/api/course/task/answer/groups',
        body({ task_id: personal.id, answer: 'x' }),
      );
      expect(wrongRoute.status).toBe(422);
      expect(wrongRoute.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/task_id' });
    });

    it('cannot be written by a student in no group of the task', async () => {
      const task = await givenTask(h, c, { taskType: 'GROUP' });
      const refused = await c.asStudent.post(
        '/api/course/tasks/setAnswer',
        body({ task_id: task.id, answer: 'alone' }),
      );
      expect(refused.status).toBe(403);
      expect(refused.body.errors?.[0].code).toBe('no_group');
      expect(
        (await h.ds.query(`SELECT count(*)::int AS n FROM task_answers WHERE task_id = $1`, [task.id]))[0].n,
      ).toBe(0);
    });
  });
});
