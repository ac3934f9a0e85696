import { InProcessTransport } from '@lms/events';
import { expectEventually } from '@lms/testing';
import { ExamHarness } from '../../exam/test/support/harness';
import { GradingFixtures } from '../../task/test/support/grading-fixtures';
import { TaskHarness } from '../../task/test/support/harness';
import { CourseHarness } from './support/harness';

/**
 * Exams, tasks, attempts, answers and scores published before the course service consumed them
 * reach its projections (gradebook, to-do facts, timelines) by backfill: the exam and task
 * services hold them (written straight to their databases, so no event told anyone), then the
 * course service starts for the first time and its `platform.snapshot.requested` makes them
 * republish.
 */
describe('backfill of the gradebook and to-do projections', () => {
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

  it('fills exams, tasks, attempts, sent answers and their scores from their owners', async () => {
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
    const attempts: number[] = [];
    for (const [attempt, score] of [
      [1, 55.5],
      [2, 78.25],
    ]) {
      const [row]: Array<{ id: number }> = await exam.ds.query(
        `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at,
                                    is_finished, finished_at, score, is_passed, scored_at)
         VALUES (1, $1, $2, $3, 1, now() - interval '1 hour', now(), true, now() - interval '10 minutes',
                 $4::numeric, $4::numeric >= 60, now())
         RETURNING id`,
        [quiz.id, e.student.id, attempt, score],
      );
      attempts.push(Number(row.id));
    }
    // the classmate is taking it now; the other student's attempt was reset and waits for its start
    const [running]: Array<{ id: number }> = await exam.ds.query(
      `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package, start_at, end_at)
       VALUES (1, $1, $2, 1, 1, now() - interval '5 minutes', now() + interval '1 hour') RETURNING id`,
      [quiz.id, e.classmate.id],
    );
    await exam.ds.query(
      `INSERT INTO student_exams (tenant_id, exam_id, student_id, attempt, package) VALUES (1, $1, $2, 1, 1)`,
      [quiz.id, e.otherStudent.id],
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
    const unscored = await fixtures.answer(1, essay, { studentId: t.third.id }); // sent, not scored
    // sent, then sent back by a change request; a draft never sent says nothing
    const reopened = await fixtures.answer(1, essay, { studentId: t.fourth.id });
    await task.ds.query(
      `UPDATE task_answers SET is_sent = false, comment = 'Cite your sources',
              updated_at = sent_at + interval '1 hour' WHERE id = $1`,
      [reopened],
    );
    // scored, then sent again after a change request: it waits for a new score
    const resent = await fixtures.answer(1, essay, { studentId: t.classmate.id }, { score: 64 });
    await task.ds.query(
      `UPDATE task_answers SET scored_at = now() - interval '2 hours', sent_at = now() - interval '1 hour' WHERE id = $1`,
      [resent],
    );
    await fixtures.answer(
      1,
      project,
      { groupId: await fixtures.group(1, project, 'Team 2', [t.fourth.id]), by: t.fourth.id },
      { isSent: false },
    );

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
        { answer_id: resent, student_id: t.classmate.id, score: '64.00' },
      ]);
    }, 20_000);
    // the to-do list's facts: which attempts ended, which answers wait for a score or a new send
    await expectEventually(async () => {
      expect(
        await course.ds.query(
          `SELECT student_exam_id AS id, student_id, attempt, deadline_at IS NOT NULL AS has_deadline,
                  finished_at IS NOT NULL AS finished
             FROM exam_attempt_facts ORDER BY student_exam_id`,
        ),
      ).toEqual([
        { id: attempts[0], student_id: e.student.id, attempt: 1, has_deadline: true, finished: true },
        { id: attempts[1], student_id: e.student.id, attempt: 2, has_deadline: true, finished: true },
        { id: running.id, student_id: e.classmate.id, attempt: 1, has_deadline: true, finished: false },
      ]);
      expect(
        await course.ds.query(
          `SELECT answer_id, member_ids::int[] AS member_ids, is_sent, sent_at IS NOT NULL AS has_sent_at,
                  reopened_at IS NOT NULL AS reopened, scored_at IS NOT NULL AS scored
             FROM task_answer_facts ORDER BY answer_id`,
        ),
      ).toEqual([
        {
          answer_id: personal,
          member_ids: [t.student.id],
          is_sent: true,
          has_sent_at: true,
          reopened: false,
          scored: true,
        },
        {
          answer_id: groupAnswer,
          member_ids: [t.classmate.id, t.third.id],
          is_sent: true,
          has_sent_at: true,
          reopened: false,
          scored: true,
        },
        {
          answer_id: unscored,
          member_ids: [t.third.id],
          is_sent: true,
          has_sent_at: true,
          reopened: false,
          scored: false,
        },
        {
          answer_id: reopened,
          member_ids: [t.fourth.id],
          is_sent: false,
          has_sent_at: false,
          reopened: true,
          scored: false,
        },
        {
          answer_id: resent,
          member_ids: [t.classmate.id],
          is_sent: true,
          has_sent_at: true,
          reopened: false,
          scored: true,
        },
      ]);
      // the score is older than the send: the lecturer has it to score again
      expect(
        await course.ds.query(
          `SELECT scored_at < sent_at AS waits FROM task_answer_facts WHERE answer_id = $1`,
          [resent],
        ),
      ).toEqual([{ waits: true }]);
    }, 20_000);
    // and the students' timelines: each start, end, send, change request and score once
    expect(
      await course.ds.query(
        `SELECT user_id, kind, subject_id FROM timeline_entries ORDER BY user_id, subject_id, kind`,
      ),
    ).toEqual(
      [
        { user_id: e.student.id, kind: 'exam_finished', subject_id: attempts[0] },
        { user_id: e.student.id, kind: 'exam_started', subject_id: attempts[0] },
        { user_id: e.student.id, kind: 'exam_finished', subject_id: attempts[1] },
        { user_id: e.student.id, kind: 'exam_started', subject_id: attempts[1] },
        { user_id: e.classmate.id, kind: 'exam_started', subject_id: running.id },
        { user_id: t.student.id, kind: 'task_scored', subject_id: personal },
        { user_id: t.student.id, kind: 'task_sent', subject_id: personal },
        { user_id: t.classmate.id, kind: 'task_scored', subject_id: groupAnswer },
        { user_id: t.classmate.id, kind: 'task_sent', subject_id: groupAnswer },
        { user_id: t.classmate.id, kind: 'task_scored', subject_id: resent },
        { user_id: t.classmate.id, kind: 'task_sent', subject_id: resent },
        { user_id: t.third.id, kind: 'task_scored', subject_id: groupAnswer },
        { user_id: t.third.id, kind: 'task_sent', subject_id: groupAnswer },
        { user_id: t.third.id, kind: 'task_sent', subject_id: unscored },
        { user_id: t.fourth.id, kind: 'task_reopened', subject_id: reopened },
      ].sort((a, b) => a.user_id - b.user_id || a.subject_id - b.subject_id || a.kind.localeCompare(b.kind)),
    );
    // ended ten minutes before their deadline: by the student
    expect((await exam.events('exam.attempt.finished')).map((event) => event.data.reason)).toEqual([
      'student',
      'student',
    ]);
    // the owners answered with their ordinary events, marked as a snapshot
    expect((await exam.events('exam.attempt.scored')).map((event) => event.data.reason)).toEqual([
      'snapshot',
      'snapshot',
    ]);
    expect((await task.events('task.answer.scored')).map((event) => event.data.reason)).toEqual([
      'snapshot',
      'snapshot',
      'snapshot',
    ]);
  });
});
