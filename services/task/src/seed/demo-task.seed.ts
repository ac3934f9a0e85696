import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import { formatWireDate, validateWith } from '@lms/jsonapi';
import { TaskAnswer } from '../answers/task-answer.entity';
import { TaskFiles } from '../files/task-files';
import { TaskGroup, TaskGroupMember } from '../groups/task-group.entity';
import { taskCreateRules } from '../tasks/tasks.rules';
import { TasksService } from '../tasks/tasks.service';
import { GradingService } from '../grading/grading.service';
import { essayPdf } from './demo-pdf';

/** The demo tasks' names: how the seed knows it already made them. */
export const DEMO_PERSONAL_TASK = 'Essay: choosing the right loop';
export const DEMO_GROUP_TASK = 'Group project: a number-guessing game';
const DEMO_COURSE_CODE = 'IF101';
const DEMO_STUDENTS = ['student1', 'student2', 'student3'] as const;

const DAY = 24 * 60 * 60_000;

/** The personal task's rubric: three criteria weighted 50/30/20 on four levels. */
const ESSAY_RUBRIC = {
  name: 'Essay',
  criteria: [
    ['Understanding of the loops', 50],
    ['Example code', 30],
    ['Writing', 20],
  ].map(([name, weight]) => ({
    name,
    weight,
    levels: [
      { name: 'Missing', point: 0 },
      { name: 'Weak', point: 50 },
      { name: 'Good', point: 80 },
      { name: 'Excellent', point: 100 },
    ],
  })),
};

/**
 * The demo campus's tasks (`npm start`) in IF101, on its first activity (or module): a personal
 * essay scored by rubric — student1 has sent a real PDF, student2 keeps a draft, student3 has not
 * started — and a group project with peer assessment open (30 % peers, 70 % lecturer) in two
 * groups, the first of which (student1, student2) has sent its answer, scored 82 by the lecturer. The tasks are made through
 * the service's own operations as the course's lecturer (validation, events); the answers and
 * groups are written as rows, each sent answer's `task.answer.submitted` recorded as a send
 * records it. Waits (throws) until identity's users and course's IF101 with its staff, students
 * and structure have arrived by event; does nothing when the tasks exist.
 */
export async function seedTaskDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const [ready]: Array<{ course_id: string; lecturer_id: string; time_zone: string }> =
    await dataSource.query(
      `SELECT c.id AS course_id, lecturer.id AS lecturer_id, t.time_zone
       FROM courses c
       JOIN tenants t ON t.id = c.tenant_id
       JOIN users lecturer ON lecturer.tenant_id = c.tenant_id AND lecturer.username = 'lecturer'
       JOIN course_staff cs ON cs.course_id = c.id AND cs.user_id = lecturer.id
      WHERE c.tenant_id = $1 AND c.code = $2
        AND (SELECT count(DISTINCT s.username) FROM course_students st JOIN users s ON s.id = st.user_id
              WHERE st.course_id = c.id AND st.enrolled AND s.username = ANY($3::text[])) = $4
        AND EXISTS (SELECT 1 FROM course_modules m WHERE m.course_id = c.id)`,
      [tenantId, DEMO_COURSE_CODE, DEMO_STUDENTS, DEMO_STUDENTS.length],
    );
  if (!ready)
    throw new Error(
      `the demo course ${DEMO_COURSE_CODE} with its lecturer, students and structure is not here yet`,
    );
  const courseId = Number(ready.course_id);
  const existing: unknown[] = await dataSource.query(
    `SELECT 1 FROM tasks WHERE course_id = $1 AND name = ANY($2::text[])`,
    [courseId, [DEMO_PERSONAL_TASK, DEMO_GROUP_TASK]],
  );
  if (existing.length > 0) return { created: false };

  const [activity]: Array<{ id: string }> = await dataSource.query(
    `SELECT a.id FROM course_activities a JOIN course_modules m ON m.id = a.module_id
      WHERE a.course_id = $1 ORDER BY m.index, a.index, a.id LIMIT 1`,
    [courseId],
  );
  const [module]: Array<{ id: string }> = await dataSource.query(
    `SELECT id FROM course_modules WHERE course_id = $1 ORDER BY index, id LIMIT 1`,
    [courseId],
  );
  const taskable = activity
    ? { taskable_type: 'activity', taskable_id: Number(activity.id) }
    : { taskable_type: 'module', taskable_id: Number(module.id) };
  const students: Array<{ id: string; username: string }> = await dataSource.query(
    `SELECT id, username FROM users WHERE tenant_id = $1 AND username = ANY($2::text[])`,
    [tenantId, DEMO_STUDENTS],
  );
  const student = (username: string) => Number(students.find((row) => row.username === username)!.id);

  const auth: AuthContext = {
    userId: Number(ready.lecturer_id),
    tenantId,
    role: 'lecturer',
    studentId: null,
    lecturerId: null,
    sessionId: 'demo-seed',
    timeZone: ready.time_zone,
  };
  const wire = (date: Date) => formatWireDate(date, auth.timeZone);
  const now = Date.now();
  const tasks = app.get(TasksService);
  const create = (attributes: Record<string, unknown>) =>
    tasks.create(
      auth,
      validateWith(
        taskCreateRules,
        { course_id: courseId, ...taskable, ...attributes },
        { timeZone: auth.timeZone },
      ),
    );

  const essay = await create({
    name: DEMO_PERSONAL_TASK,
    description:
      '<p>In one page, explain when you would choose <code>while</code> over <code>for</code>, ' +
      'with a short example of each. Hand in a PDF.</p>',
    start_at: wire(new Date(now - DAY)),
    end_at: wire(new Date(now + 7 * DAY)),
    file_required: true,
    is_lateable: true,
    assesment_method: 'rubric',
    rubric: ESSAY_RUBRIC,
    show_score: true,
    passing_grade: 60,
  });
  const project = await create({
    name: DEMO_GROUP_TASK,
    description:
      '<p>In your group, write a number-guessing game in C: the program picks a number from 1 to ' +
      '100 and answers each guess with “higher” or “lower”. Hand in the source and a short report, ' +
      'then rate each other with the peer review.</p>',
    start_at: wire(new Date(now - 2 * DAY)),
    end_at: wire(new Date(now + 14 * DAY)),
    tasks_type: 'GROUP',
    student_percentage: 30,
    lecturer_percentage: 70,
    is_assesment_open: true,
    show_score: true,
    passing_grade: 60,
  });

  const files = app.get(TaskFiles);
  const pdf = await essayPdf('Choosing the right loop', 'student1', [
    'A for loop fits when the number of repetitions is known before the loop starts: ' +
      'for (i = 0; i < 10; i++) prints ten lines, and the counter, the test and the step are ' +
      'all in one place where the reader sees them.',
    'A while loop fits when the loop must go on until something happens that cannot be counted ' +
      'in advance, such as reading numbers until the user types 0: while (n != 0) { sum += n; ' +
      'scanf("%d", &n); }.',
    'Both can express the other, but choosing the one that says what the loop is for makes the ' +
      'program easier to read and harder to get wrong.',
  ]);
  const stored = await files.store(tenantId, 'answers', 'essay-student1.pdf', pdf);
  const answers = dataSource.getRepository(TaskAnswer);
  await answers.insert([
    {
      tenantId,
      taskId: essay.id,
      studentId: student('student1'),
      groupId: null,
      answer: '<p>My essay is attached.</p>',
      files: [stored],
      isSent: true,
      createdAt: new Date(now - 5 * 60 * 60_000),
      sentAt: new Date(now - 3 * 60 * 60_000),
      isLate: false,
      updatedBy: student('student1'),
    },
    {
      tenantId,
      taskId: essay.id,
      studentId: student('student2'),
      groupId: null,
      answer: '<p>A <code>for</code> loop is for counting; a <code>while</code> loop …</p>',
      files: [],
      isSent: false,
      sentAt: null,
      isLate: false,
      updatedBy: student('student2'),
    },
  ]);

  const groups = dataSource.getRepository(TaskGroup);
  const first = await groups.save({ tenantId, taskId: project.id, name: 'Group 1' });
  const second = await groups.save({ tenantId, taskId: project.id, name: 'Group 2' });
  await dataSource.getRepository(TaskGroupMember).insert([
    { groupId: first.id, studentId: student('student1'), taskId: project.id },
    { groupId: first.id, studentId: student('student2'), taskId: project.id },
    { groupId: second.id, studentId: student('student3'), taskId: project.id },
  ]);
  await answers.insert({
    tenantId,
    taskId: project.id,
    studentId: null,
    groupId: first.id,
    answer:
      '<p>Our game asks for guesses until the number is found and counts the tries. ' +
      'The source is in <code>guess.c</code>; student1 wrote the input loop, student2 the hints.</p>',
    files: [],
    isSent: true,
    createdAt: new Date(now - 3 * DAY),
    sentAt: new Date(now - DAY),
    isLate: false,
    updatedBy: student('student1'),
  });

  // the sends as the service records them, so the course's to-do, timeline and agenda know them
  await app.get(UnitOfWork).run(async (manager) => {
    const sent: Array<{
      id: string;
      task_id: string;
      student_id: string | null;
      group_id: string | null;
      sent_at: Date;
      updated_by: string;
    }> = await manager.query(
      `SELECT id, task_id, student_id, group_id, sent_at, updated_by FROM task_answers
          WHERE task_id = ANY($1::bigint[]) AND is_sent ORDER BY id`,
      [[essay.id, project.id]],
    );
    for (const answer of sent) {
      // an individual answer's members are its student, as the service records a send
      const members: Array<{ student_id: string }> =
        answer.group_id === null
          ? [{ student_id: answer.student_id! }]
          : await manager.query(
              `SELECT student_id FROM task_group_members WHERE group_id = $1 ORDER BY student_id`,
              [answer.group_id],
            );
      const memberIds = members.map((member) => Number(member.student_id));
      await recordEvent(manager, 'task.answer.submitted', {
        tenantId,
        actorId: Number(answer.updated_by),
        key: Number(answer.id),
        data: {
          answerId: Number(answer.id),
          taskId: Number(answer.task_id),
          courseId,
          studentId: answer.student_id === null ? null : Number(answer.student_id),
          groupId: answer.group_id === null ? null : Number(answer.group_id),
          memberIds,
          sentBy: Number(answer.updated_by),
          isLate: false,
          sentAt: new Date(answer.sent_at).toISOString(),
        },
      });
    }
  });
  // The lecturer has scored group 1's project (`task.answer.scored`); student1's essay waits.
  const [groupAnswer]: Array<{ id: string }> = await dataSource.query(
    `SELECT id FROM task_answers WHERE task_id = $1 AND group_id = $2`,
    [project.id, first.id],
  );
  await app.get(GradingService).score(auth, { answer_id: Number(groupAnswer.id), score: 82 });
  return { created: true };
}
