import type { EventDataMap } from '@lms/events';
import { Content } from '../src/contents/content.entity';
import { CourseModule } from '../src/structure/module.entity';
import { CourseHarness, cast, inDays, list } from './support/harness';

const DAY = 86_400_000;

/** The next midnight of Asia/Jakarta (UTC+7, no daylight saving: the test campus's zone) from now. */
function nextJakartaMidnight(): number {
  const HOUR = 3_600_000;
  const local = Date.now() + 7 * HOUR;
  return Math.ceil(local / DAY) * DAY - 7 * HOUR;
}

/**
 * `GET /course/dashboard/*`: the dashboard's cards the course service answers from its own data
 * (src/dashboard) — a student's tasks due, released grades and progress; staff's running exams.
 */
describe('GET /course/dashboard', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const card = async (client: Awaited<ReturnType<typeof h.as>>, name: string, query = '') => {
    const response = await client.get(`/api/course/dashboard/${name}${query}`);
    expect(response.status).toBe(200);
    return list(response.body).map((item) => item.attributes);
  };

  it('lists a student’s tasks due with where their answer stands, a score only once it is shown', async () => {
    const c = await cast(h);
    const classmate = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const other = await h.courseClass(1, c.course.id, 'B');
    await h.openTask(c.course.id, { name: 'To send', endAt: inDays(2) });
    const sent = await h.openTask(c.course.id, { name: 'Sent', endAt: inDays(3) });
    const hidden = await h.openTask(c.course.id, {
      name: 'Scored, hidden',
      endAt: inDays(4),
      showScore: false,
    });
    const shown = await h.openTask(c.course.id, {
      name: 'Scored, shown',
      endAt: inDays(4.5),
      showScore: true,
    });
    const returned = await h.openTask(c.course.id, {
      name: 'Returned',
      startAt: inDays(-9),
      endAt: inDays(-2),
    });
    const endedSent = await h.openTask(c.course.id, {
      name: 'Ended, sent',
      startAt: inDays(-9),
      endAt: inDays(-1),
    });
    const today = await h.openTask(c.course.id, {
      name: 'Due today',
      endAt: new Date(nextJakartaMidnight() - 60_000).toISOString(),
    });
    await h.openTask(c.course.id, {
      name: 'Due tomorrow',
      endAt: new Date(nextJakartaMidnight() + 60_000).toISOString(),
    });
    // Never on the card: inactive, deleted, another class's, too far ahead, ended unsent.
    await h.openTask(c.course.id, { name: 'Inactive', isActive: false });
    await h.openTask(c.course.id, { name: 'Deleted', deleted: true });
    await h.openTask(c.course.id, { name: 'Class B', allClass: false, classIds: [other.id] });
    await h.openTask(c.course.id, { name: 'Far ahead', startAt: inDays(9), endAt: inDays(20) });
    await h.openTask(c.course.id, { name: 'Ended', startAt: inDays(-9), endAt: inDays(-1) });

    const send = (taskId: number, sentAt = inDays(-0.5)) =>
      h.project('task.answer.submitted', 1, {
        courseId: c.course.id,
        taskId,
        studentId: c.student.id,
        memberIds: [c.student.id],
        sentAt,
      });
    await send(sent.id);
    await send(endedSent.id, inDays(-2));
    for (const scoredTask of [hidden, shown]) {
      const answer = await send(scoredTask.id);
      await h.project('task.answer.scored', 1, {
        answerId: answer.answerId,
        taskId: scoredTask.id,
        courseId: c.course.id,
        score: 85,
        students: [{ studentId: c.student.id, score: 85, isPassed: true }],
      });
    }
    const back = await send(returned.id, inDays(-3));
    await h.project('task.answer.reopened', 1, {
      courseId: c.course.id,
      taskId: returned.id,
      answerId: back.answerId,
      studentId: c.student.id,
      memberIds: [c.student.id],
      reopenedAt: inDays(-0.2),
    });

    const tasks = await card(c.asStudent, 'tasks', '?page[limit]=20');
    const dueTodayListed = Date.parse(today.endAt ?? '') > Date.now();
    expect(tasks.map((item) => [item.name, item.status, item.score])).toEqual([
      ['Returned', 'change_requested', null],
      ...(dueTodayListed ? [['Due today', 'not_sent', null]] : []),
      ['Due tomorrow', 'not_sent', null],
      ['To send', 'not_sent', null],
      ['Sent', 'sent', null],
      // scored, but the task hides scores from students: only "sent", and no score
      ['Scored, hidden', 'sent', null],
      ['Scored, shown', 'scored', 85],
    ]);
    // "today" is the campus's day (Asia/Jakarta), not the server's UTC day
    const dueToday = Object.fromEntries(tasks.map((item) => [item.name, item.due_today]));
    expect(dueToday['Due tomorrow']).toBe(false);
    if (dueTodayListed) expect(dueToday['Due today']).toBe(true);
    expect(dueToday['To send']).toBe(false);
    expect(tasks[0]).toMatchObject({ course_id: c.course.id, course_name: 'Databases', course_code: 'DB1' });

    // A classmate sees the same tasks with their own (unsent) answers, never the student's.
    const theirs = await card(await h.as(classmate), 'tasks', '?page[limit]=20');
    expect(theirs.map((item) => `${item.name}: ${item.status}`)).toEqual(
      expect.arrayContaining(['Sent: not_sent', 'Scored, shown: not_sent']),
    );
    expect(theirs.some((item) => item.score !== null || item.name === 'Returned')).toBe(false);
    // Staff, a lecturer of another course and another campus's user have no tasks due here.
    for (const client of [c.asLecturer, c.asStranger, c.asOutsider])
      expect(await card(client, 'tasks')).toEqual([]);

    // Paged and filtered by course.
    const page = await c.asStudent.get('/api/course/dashboard/tasks?page[limit]=2&page[offset]=1');
    expect(page.body.meta).toEqual({ total: tasks.length, limit: 2, offset: 1 });
    expect(await card(c.asStudent, 'tasks', `?filter[course_id][is]=${c.course.id + 1000}`)).toEqual([]);
  });

  it('shows a student only their released scores: never an exam’s or a task’s that hides them', async () => {
    const c = await cast(h);
    const classmate = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const final = await h.openExam(c.course.id, { name: 'Final', isShowScore: true });
    const quiz = await h.openExam(c.course.id, { name: 'Quiz', isShowScore: false });
    const essay = await h.openExam(c.course.id, { name: 'Essay exam', isShowScore: true });
    const draft = await h.openExam(c.course.id, { name: 'Draft', isShowScore: true, isPublished: false });
    const report = await h.openTask(c.course.id, { name: 'Report', showScore: true, passingGrade: 70 });
    const diary = await h.openTask(c.course.id, { name: 'Diary', showScore: false });
    const scoreAttempt = (
      examId: number,
      score: number,
      overrides: Partial<EventDataMap['exam.attempt.scored']> = {},
    ) =>
      h.project('exam.attempt.scored', 1, {
        examId,
        courseId: c.course.id,
        studentId: c.student.id,
        score,
        ...overrides,
      });
    await scoreAttempt(final.id, 60, { attempt: 1, isPassed: false });
    await scoreAttempt(final.id, 80, { attempt: 2, isPassed: true });
    await scoreAttempt(quiz.id, 90);
    await scoreAttempt(essay.id, 40, { pending: 2, isPassed: null });
    await scoreAttempt(draft.id, 70);
    await scoreAttempt(final.id, 100, { studentId: classmate.id });
    const scoreTask = (taskId: number, score: number) =>
      h.project('task.answer.scored', 1, {
        taskId,
        courseId: c.course.id,
        score,
        students: [{ studentId: c.student.id, score, isPassed: score >= 70 }],
      });
    await scoreTask(report.id, 65);
    await scoreTask(diary.id, 95);

    const grades = await card(c.asStudent, 'grades');
    expect(grades.map((grade) => [grade.kind, grade.name, grade.score, grade.is_passed])).toEqual([
      ['task', 'Report', 65, false],
      ['exam', 'Final', 80, true],
    ]);
    expect(grades[1]).toMatchObject({ item_id: final.id, course_name: 'Databases' });

    // The lecturer releases the quiz's scores: it appears (scored before the report); hiding the final's again takes it off.
    await h.project('exam.exam.upserted', 1, { ...quiz, isShowScore: true });
    await h.project('exam.exam.upserted', 1, { ...final, isShowScore: false });
    expect((await card(c.asStudent, 'grades')).map((grade) => grade.name)).toEqual(['Report', 'Quiz']);
    // The classmate's own score only; staff and another campus none.
    expect((await card(await h.as(classmate), 'grades')).map((grade) => grade.score)).toEqual([]);
    for (const client of [c.asLecturer, c.asOutsider]) expect(await card(client, 'grades')).toEqual([]);
  });

  it('gives a student’s progress per course that tracks completion, hidden contents not counted', async () => {
    const c = await cast(h);
    const untracked = await h.course(1, c.lecturer.id, { name: 'Algebra' });
    await h.enrol(untracked.id, 1, [c.student.id]);
    await h.ds.query(`UPDATE courses SET completion_tracking = TRUE WHERE id = $1`, [c.course.id]);
    const modules = h.ds.getRepository(CourseModule);
    const shown = await modules.save({ courseId: c.course.id, name: 'Week 1', index: 0, isActive: true });
    const hidden = await modules.save({ courseId: c.course.id, name: 'Week 2', index: 1, isActive: false });
    const content = (name: string, moduleId: number) =>
      h.ds.getRepository(Content).save({
        tenantId: 1,
        courseId: c.course.id,
        contentableType: 'modules' as const,
        contentableId: moduleId,
        index: 0,
        name,
        type: 'text' as const,
        content: `<p>${name}</p>`,
      });
    const read = await content('Intro', shown.id);
    await content('Notes', shown.id);
    await content('Summary', shown.id);
    await content('Secret', hidden.id);
    const marked = await c.asStudent.post('/api/course/completions', {
      data: {
        attributes: { course_id: c.course.id, completionable_type: 'contents', completionable_id: read.id },
      },
    });
    expect(marked.status).toBe(200);

    expect(await card(c.asStudent, 'progress')).toEqual([
      {
        course_id: c.course.id,
        course_name: 'Databases',
        course_code: 'DB1',
        completed: 1,
        required: 3,
        percentage: 33.33,
      },
    ]);
    for (const client of [c.asLecturer, c.asOutsider]) expect(await card(client, 'progress')).toEqual([]);
  });

  it('lists the exams running now in the courses the caller teaches, with their attempts', async () => {
    const c = await cast(h);
    const running = await h.openExam(c.course.id, { name: 'Running', endAt: inDays(0.1) });
    await h.openExam(c.course.id, { name: 'Open-ended', startAt: null, endAt: null });
    // Never running: not started yet, ended, closed by the lecturer, unpublished, deleted.
    await h.openExam(c.course.id, { name: 'Tomorrow', startAt: inDays(1), endAt: inDays(2) });
    await h.openExam(c.course.id, { name: 'Ended', startAt: inDays(-2), endAt: inDays(-1) });
    await h.openExam(c.course.id, { name: 'Closed', isFinished: true });
    await h.openExam(c.course.id, { name: 'Draft', isPublished: false });
    const gone = await h.openExam(c.course.id, { name: 'Deleted' });
    await h.project('exam.exam.deleted', 1, { id: gone.id, courseId: c.course.id });
    const attempt = (studentExamId: number) =>
      h.project('exam.attempt.started', 1, {
        examId: running.id,
        courseId: c.course.id,
        studentId: c.student.id,
        studentExamId,
      });
    await attempt(9_000_001);
    const done = await attempt(9_000_002);
    await h.project('exam.attempt.finished', 1, {
      examId: running.id,
      courseId: c.course.id,
      studentId: c.student.id,
      studentExamId: done.studentExamId,
    });

    for (const staff of [c.asLecturer, c.asAssistant]) {
      expect(
        (await card(staff, 'running-exams')).map((item) => [item.name, item.in_progress, item.finished]),
      ).toEqual([
        ['Running', 1, 1],
        ['Open-ended', 0, 0],
      ]);
    }
    // A student, another lecturer and another campus's lecturer see none of them.
    for (const client of [c.asStudent, c.asStranger, c.asOutsider])
      expect(await card(client, 'running-exams')).toEqual([]);
  });

  it('rejects bad paging and filters with a 400 naming the parameter', async () => {
    const c = await cast(h);
    for (const [query, parameter] of [
      ['page[limit]=-2', 'page[limit]'],
      ['page[limit]=51', 'page[limit]'],
      ['page[offset]=-1', 'page[offset]'],
      ['filter[course_id][is]=abc', 'filter[course_id][is]'],
      ['filter[name][is]=x', 'filter[name]'],
      ['sort=name', 'sort'],
    ]) {
      const response = await c.asStudent.get(`/api/course/dashboard/tasks?${query}`);
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.body.errors?.[0].source).toEqual({ parameter: expect.stringContaining(parameter) });
    }
    expect((await h.api.get('/api/course/dashboard/grades')).status).toBe(401);
  });
});
