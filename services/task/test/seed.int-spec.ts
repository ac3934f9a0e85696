import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectedUser } from '@lms/testing';
import { DEMO_GROUP_TASK, DEMO_PERSONAL_TASK, seedTaskDemo } from '../src';
import { list, TaskHarness } from './support/harness';

describe('demo task seed', () => {
  const h = new TaskHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for IF101, then makes a rubric essay with student1’s PDF sent and a group project, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    await expect(seedTaskDemo(h.app, 7)).rejects.toThrow(/IF101/);

    const course = await h.project('course.course.upserted', 7, { code: 'IF101' });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    for (const username of ['student1', 'student2', 'student3'])
      await h.given.enrolment(7, {
        courseId: course.id,
        classId: course.classes[0].id,
        userId: users[username].id,
      });
    // Still waiting: no module to hang the tasks on.
    await expect(seedTaskDemo(h.app, 7)).rejects.toThrow(/structure/);
    const activityId = h.nextId();
    await h.publish('course.structure.snapshotted', 7, {
      courseId: course.id,
      modules: [{ id: activityId, name: 'Week 1', index: 0, isActive: true }],
      activities: [
        { id: activityId, moduleId: activityId, parentId: null, name: 'Loops', index: 0, isActive: true },
      ],
    });
    expect(await seedTaskDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedTaskDemo(h.app, 7)).toEqual({ created: false });

    const asStudent1 = await h.as(users.student1);
    const tasks = list((await asStudent1.get(`/api/course/tasks?sort=name&page[limit]=0`)).body);
    expect(tasks.map((task) => task.attributes.name)).toEqual([DEMO_PERSONAL_TASK, DEMO_GROUP_TASK]);
    const [essay, project] = tasks;
    expect(essay.attributes).toMatchObject({
      taskable_type: 'activity',
      taskable_id: activityId,
      assesment_method: 'rubric',
      file_required: true,
      meta: { my_answer: { is_sent: true, is_late: false, score: null } },
    });
    expect(project.attributes).toMatchObject({
      tasks_type: 'GROUP',
      student_percentage: 30,
      lecturer_percentage: 70,
      is_assesment_open: true,
      group_ids: [expect.any(Number), expect.any(Number)],
      meta: { my_answer: { is_sent: true } },
    });

    // student1's PDF is a real one in the task store.
    const [answer]: Array<{ files: Array<{ key: string; name: string; size: number; mime: string }> }> =
      await h.ds.query(`SELECT files FROM task_answers WHERE task_id = $1 AND student_id = $2`, [
        essay.id,
        users.student1.id,
      ]);
    expect(answer.files).toEqual([
      {
        key: expect.stringMatching(/^task\/7\/answers\//),
        name: 'essay-student1.pdf',
        size: expect.any(Number),
        mime: 'application/pdf',
      },
    ]);
    const bytes = readFileSync(join(h.dataDir, 'blobs', 'task', answer.files[0].key));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(answer.files[0].size);

    const asLecturer = await h.as(users.lecturer);
    const students = list(
      (await asLecturer.get(`/api/course/tasks/${essay.id}/students?page[limit]=0`)).body,
    );
    expect(
      Object.fromEntries(
        students.map((row) => [
          (row.attributes.student as { username: string }).username,
          row.attributes.state,
        ]),
      ),
    ).toEqual({
      student1: 'sent',
      student2: 'draft',
      student3: 'not_started',
    });
    const members = list(
      (await asLecturer.get(`/api/course/tasks/${project.id}/students?page[limit]=0`)).body,
    );
    expect(
      members.map((row) => [(row.attributes.group as { name: string }).name, row.attributes.state]).sort(),
    ).toEqual([
      ['Group 1', 'scored'],
      ['Group 1', 'scored'],
      ['Group 2', 'not_started'],
    ]);

    // The two sends are known to the other services (the course's to-do, timeline and agenda).
    const sends = (await h.events('task.answer.submitted')).map((event) => event.data);
    expect(sends).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          taskId: Number(essay.id),
          studentId: users.student1.id,
          groupId: null,
          // an individual answer's member is its student: the course's to-do finds it by them
          memberIds: [users.student1.id],
        }),
        expect.objectContaining({
          taskId: Number(project.id),
          studentId: null,
          groupId: expect.any(Number),
          memberIds: [users.student1.id, users.student2.id].sort((a, b) => a - b),
        }),
      ]),
    );
    expect(sends).toHaveLength(2);
    // an answer is written before it is sent
    expect(
      await h.ds.query(`SELECT count(*)::int AS n FROM task_answers WHERE sent_at < created_at`),
    ).toEqual([{ n: 0 }]);
    // Group 1's project is scored: both members get the lecturer's 82 (peers have not rated yet).
    const scores = (await h.events('task.answer.scored')).map((event) => event.data);
    expect(scores).toHaveLength(1);
    expect(scores[0]).toMatchObject({ taskId: Number(project.id) });
  });
});
