import { formatWireDate } from '@lms/jsonapi';
import { Form, FormAnswer } from '../src/forms/form.entity';
import { Activity } from '../src/structure/activity.entity';
import { CourseModule } from '../src/structure/module.entity';
import { CourseHarness, cast, inDays, list } from './support/harness';

/** A wall-clock time of the test campus (tokens carry Asia/Jakarta). */
const wall = (date: Date | string) => formatWireDate(new Date(date), 'Asia/Jakarta');

/**
 * `GET /todo`: what the signed-in user must do next across their courses, from the exams and
 * tasks the course service knows (src/gradeables) and the facts of attempts and answers (src/work).
 */
describe('GET /todo', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const todo = async (client: Awaited<ReturnType<typeof h.as>>, query = '') => {
    const response = await client.get(`/api/todo${query}`);
    expect(response.status).toBe(200);
    return response.body;
  };
  const names = (document: { data?: unknown }) =>
    list(document).map((item) => `${item.attributes.name}: ${item.attributes.status}`);

  it('lists a student’s exams to take and tasks to send, soonest due first', async () => {
    const c = await cast(h);
    const other = await h.courseClass(1, c.course.id, 'B');
    const dueTomorrow = await h.openTask(c.course.id, { name: 'Essay', endAt: inDays(1) });
    await h.openExam(c.course.id, { name: 'Quiz', endAt: inDays(2) });
    await h.openExam(c.course.id, { name: 'Open book', endAt: null });
    await h.openTask(c.course.id, { name: 'Next week', startAt: inDays(3), endAt: inDays(10) });
    const running = await h.openExam(c.course.id, { name: 'Running', endAt: inDays(3) });
    const done = await h.openExam(c.course.id, { name: 'Done', endAt: inDays(3) });
    const sent = await h.openTask(c.course.id, { name: 'Sent', endAt: inDays(3) });
    const returned = await h.openTask(c.course.id, {
      name: 'Returned',
      startAt: inDays(-9),
      endAt: inDays(-2),
    });
    // Not on the to-do: unpublished, closed by the lecturer, another class's, too far ahead, ended, inactive, deleted.
    await h.openExam(c.course.id, { name: 'Draft exam', isPublished: false });
    await h.openExam(c.course.id, { name: 'Closed exam', isFinished: true });
    await h.openExam(c.course.id, { name: 'Class B exam', classIds: [other.id] });
    await h.openTask(c.course.id, { name: 'Class B task', allClass: false, classIds: [other.id] });
    await h.openTask(c.course.id, { name: 'Far ahead', startAt: inDays(9), endAt: inDays(20) });
    await h.openTask(c.course.id, { name: 'Ended', startAt: inDays(-9), endAt: inDays(-1) });
    await h.openTask(c.course.id, { name: 'Inactive', isActive: false });
    await h.openTask(c.course.id, { name: 'Deleted', deleted: true });
    await h.openExam(c.course.id, { name: 'For my class', classIds: [c.courseClass.id], endAt: inDays(4) });

    const student = c.student.id;
    await h.project('exam.attempt.started', 1, {
      examId: running.id,
      courseId: c.course.id,
      studentId: student,
    });
    const attempt = await h.project('exam.attempt.started', 1, {
      examId: done.id,
      courseId: c.course.id,
      studentId: student,
      startAt: inDays(-0.5),
    });
    await h.project('exam.attempt.finished', 1, {
      examId: done.id,
      courseId: c.course.id,
      studentId: student,
      studentExamId: attempt.studentExamId,
      finishedAt: inDays(-0.4),
    });
    const answer = { courseId: c.course.id, studentId: student, memberIds: [student] };
    await h.project('task.answer.submitted', 1, { ...answer, taskId: sent.id, sentAt: inDays(-0.1) });
    const back = await h.project('task.answer.submitted', 1, {
      ...answer,
      taskId: returned.id,
      sentAt: inDays(-3),
    });
    await h.project('task.answer.reopened', 1, {
      ...answer,
      taskId: returned.id,
      answerId: back.answerId,
      reopenedAt: inDays(-0.2),
    });

    const body = await todo(c.asStudent);
    expect(names(body)).toEqual([
      'Returned: change_requested',
      'Essay: not_sent',
      'Quiz: not_started',
      'Running: in_progress',
      'For my class: not_started',
      'Next week: not_sent',
      'Open book: not_started',
    ]);
    expect(body.meta).toEqual({ total: 7, limit: 10, offset: 0 });
    expect(list(body)[1]).toMatchObject({
      id: `task-${dueTomorrow.id}`,
      type: 'todos',
      attributes: {
        todo_type: 'task',
        item_id: dueTomorrow.id,
        course_id: c.course.id,
        course_name: 'Databases',
        course_code: 'DB1',
        due_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        since: null,
        count: null,
      },
    });

    const second = await todo(c.asStudent, '?page[limit]=3&page[offset]=3');
    expect(names(second)).toEqual([
      'Running: in_progress',
      'For my class: not_started',
      'Next week: not_sent',
    ]);
    expect(second.meta).toEqual({ total: 7, limit: 3, offset: 3 });
    expect((await todo(c.asStudent, '?page[offset]=20')).meta).toEqual({ total: 7, limit: 10, offset: 20 });
    expect(names(await todo(c.asStudent, '?filter[todo_type][is]=exam&page[limit]=2'))).toEqual([
      'Quiz: not_started',
      'Running: in_progress',
    ]);

    // Sending the task takes it off; so does finishing the running exam.
    await h.project('task.answer.submitted', 1, {
      ...answer,
      taskId: returned.id,
      answerId: back.answerId,
      sentAt: inDays(0),
    });
    expect(names(await todo(c.asStudent))).not.toContain('Returned: change_requested');
  });

  it('lists the staff’s tasks with answers waiting for a score, longest waiting first', async () => {
    const c = await cast(h);
    const classmate = await h.given.user(1, 'student');
    await h.enrol(c.course.id, 1, [classmate.id], c.courseClass);
    const essay = await h.openTask(c.course.id, { name: 'Essay' });
    const report = await h.openTask(c.course.id, { name: 'Report' });
    const send = (taskId: number, studentId: number, daysAgo: number) =>
      h.project('task.answer.submitted', 1, {
        courseId: c.course.id,
        taskId,
        studentId,
        memberIds: [studentId],
        sentAt: inDays(-daysAgo),
      });
    await send(essay.id, c.student.id, 1);
    const scored = await send(essay.id, classmate.id, 2);
    await send(report.id, c.student.id, 3);
    await h.project('task.answer.scored', 1, {
      answerId: scored.answerId,
      taskId: essay.id,
      courseId: c.course.id,
      students: [{ studentId: classmate.id, score: 80, isPassed: true }],
    });

    for (const staff of [c.asLecturer, c.asAssistant]) {
      const body = await todo(staff);
      expect(list(body).map((item) => item.attributes)).toEqual([
        expect.objectContaining({ todo_type: 'score_answers', name: 'Report', status: 'waiting', count: 1 }),
        expect.objectContaining({ todo_type: 'score_answers', name: 'Essay', status: 'waiting', count: 1 }),
      ]);
    }
    // A change request and a new send make a scored answer wait again.
    await h.project('task.answer.submitted', 1, {
      answerId: scored.answerId,
      courseId: c.course.id,
      taskId: essay.id,
      studentId: classmate.id,
      memberIds: [classmate.id],
      sentAt: inDays(0),
    });
    expect(
      list(await todo(c.asLecturer)).map((item) => [item.attributes.name, item.attributes.count]),
    ).toEqual([
      ['Report', 1],
      ['Essay', 2],
    ]);
    // Essays waiting for a grader: the latest score of each attempt says how many.
    const quiz = await h.openExam(c.course.id, { name: 'Quiz' });
    const attemptScored = (studentId: number, pending: number, studentExamId = h.nextId()) =>
      h.project('exam.attempt.scored', 1, {
        examId: quiz.id,
        courseId: c.course.id,
        studentId,
        studentExamId,
        pending,
      });
    const first = await attemptScored(c.student.id, 1);
    await attemptScored(classmate.id, 2);
    expect(
      list(await todo(c.asAssistant, '?filter[todo_type][is]=grade_essays')).map((item) => item.attributes),
    ).toEqual([
      expect.objectContaining({
        name: 'Quiz',
        status: 'waiting',
        count: 2,
        due_at: null,
        since: expect.any(String),
      }),
    ]);
    await attemptScored(c.student.id, 0, first.studentExamId);
    expect(
      list(await todo(c.asAssistant, '?filter[todo_type][is]=grade_essays')).map(
        (item) => item.attributes.count,
      ),
    ).toEqual([1]);
    expect(list(await todo(c.asStranger))).toEqual([]);
    expect(list(await todo(c.asOutsider))).toEqual([]);
    expect(list(await todo(c.asStudent)).map((item) => item.attributes.todo_type)).not.toContain(
      'score_answers',
    );
  });

  it('lists a student’s logbook entries to write for the current day or month, due by its end', async () => {
    const c = await cast(h);
    const week = await h.ds
      .getRepository(CourseModule)
      .save({ courseId: c.course.id, name: 'Week', isActive: true });
    const lab = await h.ds.getRepository(Activity).save({ moduleId: week.id, name: 'Lab', isActive: true });
    const draft = await h.ds
      .getRepository(Activity)
      .save({ moduleId: week.id, name: 'Draft', isActive: false });
    const form = (title: string, overrides: Partial<Form> = {}) =>
      h.ds.getRepository(Form).save({
        tenantId: 1,
        courseId: c.course.id,
        formableType: 'activities',
        formableId: Number(lab.id),
        title,
        type: 'daily',
        startAt: new Date(inDays(-3)),
        endAt: new Date(inDays(30)),
        lists: [],
        ...overrides,
      } as Form);
    const today = wall(new Date()).slice(0, 10);
    const daily = await form('Daily logbook');
    const closing = await form('Closing soon', { endAt: new Date(Date.now() + 60_000) });
    const monthly = await form('Monthly logbook', { type: 'monthly' });
    const written = await form('Written today');
    // Not on the to-do: not open yet, ended, hidden, first day still ahead, another course's.
    await form('Not open yet', { startAt: new Date(inDays(1)) });
    await form('Ended', { startAt: new Date(inDays(-9)), endAt: new Date(inDays(-1)) });
    await form('Hidden', { formableId: Number(draft.id) });
    await form('Starts later', { date: '2999-01-01' });
    const elsewhere = await h.course(1, c.stranger.id);
    await h.enrol(elsewhere.id, 1, [c.stranger.id]);
    await form('Elsewhere', { courseId: elsewhere.id });
    const answer = (formId: number, period: string) =>
      h.ds.getRepository(FormAnswer).save({
        tenantId: 1,
        formId,
        courseId: c.course.id,
        studentId: c.student.id,
        period,
        lists: [],
        files: [],
      } as Partial<FormAnswer>);
    await answer(written.id, today);
    await answer(monthly.id, '2000-01');
    await answer(daily.id, '2000-01-01');

    const forms = list(await todo(c.asStudent, '?filter[todo_type][is]=form'));
    const endOfDay = `${today} 23:59:59`;
    const closingDue = [wall(closing.endAt), endOfDay].sort()[0];
    expect(forms.map((item) => [item.attributes.name, item.attributes.due_at])).toEqual(
      [
        ['Closing soon', closingDue],
        ['Daily logbook', endOfDay],
        ['Monthly logbook', expect.stringMatching(/^\d{4}-\d{2}-\d{2} 23:59:59$/)],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    const monthlyDue = forms.find((item) => item.attributes.name === 'Monthly logbook')!.attributes.due_at;
    // The last day of the campus's month.
    const [year, month] = today.split('-').map(Number);
    expect(monthlyDue).toBe(`${new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10)} 23:59:59`);
    expect(forms[0]).toMatchObject({
      id: `form-${closing.id}`,
      attributes: { todo_type: 'form', status: 'not_sent', course_id: c.course.id, item_id: closing.id },
    });
    // Writing today's entry takes a daily form off; staff and others never have forms to write.
    await answer(daily.id, today);
    expect(
      list(await todo(c.asStudent, '?filter[todo_type][is]=form')).map((item) => item.attributes.name),
    ).not.toContain('Daily logbook');
    for (const other of [c.asLecturer, c.asStranger, c.asOutsider])
      expect(list(await todo(other, '?filter[todo_type][is]=form'))).toEqual([]);
  });

  it('refuses an unknown filter or page size with a 400 naming the parameter', async () => {
    const c = await cast(h);
    for (const [query, parameter] of [
      ['?filter[name][is]=x', 'filter[name][is]'],
      ['?page[limit]=501', 'page[limit]'],
      ['?sort=name', 'sort'],
    ]) {
      const response = await c.asStudent.get(`/api/todo${query}`);
      expect({ query, status: response.status, source: response.body.errors?.[0].source }).toEqual({
        query,
        status: 400,
        source: { parameter },
      });
    }
  });
});
