import { InProcessTransport } from '@lms/events';
import { expectEventually } from '@lms/testing';
import { ExamHarness } from '../../exam/test/support/harness';
import { GradingFixtures } from '../../task/test/support/grading-fixtures';
import { TaskHarness } from '../../task/test/support/harness';
import { CourseHarness } from './support/harness';

/**
 * Exams, tasks and scores published before the course service consumed them reach its
 * projections by backfill: the exam and task services hold them (written straight to their
 * databases, so no event told anyone), then the course service starts for the first time and
 * its `platform.snapshot.requested` makes them republish.
 */
describe('backfill of the gradebook projections', () => {
  const transport = new InProcessTransport();
  const exam = new ExamHarness({}, { transport });
  const task = new TaskHarness({}, { transport });
  const course = new CourseHarness({}, { transport });
  beforeAll(async () => {
    await exam.start();
    await task.start();
  });
  afterAll(async () => {
    await course.stop();
    await task.stop();
    await exam.stop();
    await transport.close();
  });

  it('fills exams, tasks, attempt scores and answer scores from their owners', async () => {
    const e = await exam.course(1);
    const [quiz]: Array<{ id: number }> = await exam.ds.query(
      `INSERT INTO exams (tenant_id, course_id, name, package, passing_grade, is_published, created_by)
       VALUES (1, $1, 'Quiz 1', 1, 60, true, $2) RETURNING id`,
      [e.course.id, e.lecturer.id],
    );
    const [gone]: Array<{ id: number }> = await exam.ds.query(
      `INSERT INTO exams (tenant_id, course_id, name, package, created_by, deleted_at)
       VALUES (1, $1, 'Deleted quiz', 1, $2, now()) RETURNING id`,
      [e.course.id, e.lecturer.id],
    );
    for (const [attempt, score] of [
      [1, 55.5],
      [2, 78.25],
    ])
      await exam.ds.query(
        `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at,
                                    is_finished, score, is_passed, scored_at)
         VALUES (1, $1, $2, $3, 1, now(), now(), true, $4::numeric, $4::numeric >= 60, now())`,
        [quiz.id, e.student.id, attempt, score],
      );

    const fixtures = new GradingFixtures(task);
    const t = await fixtures.course(1);
    const essay = await fixtures.task(t, { name: 'Essay' });
    const project = await fixtures.task(t, { name: 'Project', taskType: 'GROUP' });
    const personal = await fixtures.answer(1, essay, { studentId: t.student.id }, { score: 88 });
    const group = await fixtures.group(1, project, 'Team 1', [t.classmate.id, t.third.id]);
    const groupAnswer = await fixtures.answer(
      1,
      project,
      { groupId: group, by: t.classmate.id },
      { score: 72 },
    );
    await fixtures.answer(1, essay, { studentId: t.third.id }); // sent, not scored: nothing to say

    await course.start();
    await expectEventually(async () => {
      expect(await course.ds.query(`SELECT id, title, deleted FROM exam_projections ORDER BY id`)).toEqual([
        { id: quiz.id, title: 'Quiz 1', deleted: false },
        { id: gone.id, title: '', deleted: true }, // its deletion alone: it is no column
      ]);
      expect(await course.ds.query(`SELECT id, title, tasks_type FROM task_projections ORDER BY id`)).toEqual(
        [
          { id: essay, title: 'Essay', tasks_type: 'PERSONAL' },
          { id: project, title: 'Project', tasks_type: 'GROUP' },
        ],
      );
      expect(
        await course.ds.query(
          `SELECT attempt, score FROM exam_attempt_scores WHERE exam_id = $1 ORDER BY attempt`,
          [quiz.id],
        ),
      ).toEqual([
        { attempt: 1, score: '55.50' },
        { attempt: 2, score: '78.25' },
      ]);
      expect(
        await course.ds.query(
          `SELECT answer_id, student_id, score FROM task_answer_scores ORDER BY answer_id, student_id`,
        ),
      ).toEqual([
        { answer_id: personal, student_id: t.student.id, score: '88.00' },
        { answer_id: groupAnswer, student_id: t.classmate.id, score: '72.00' },
        { answer_id: groupAnswer, student_id: t.third.id, score: '72.00' },
      ]);
    }, 20_000);
    // the owners answered with their ordinary events, marked as a snapshot
    expect((await exam.events('exam.attempt.scored')).map((event) => event.data.reason)).toEqual([
      'snapshot',
      'snapshot',
    ]);
    expect((await task.events('task.answer.scored')).map((event) => event.data.reason)).toEqual([
      'snapshot',
      'snapshot',
    ]);
  });
});
