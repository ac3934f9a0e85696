import { formatWireDate } from '@lms/jsonapi';
import { CourseHarness, cast, list, one } from './support/harness';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

/** `GET /timeline/{profile}` and `GET /timeline/statistic/{id}`: a user's activity stream and its counts. */
describe('timelines', () => {
  const h = new CourseHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  /** A student's work in the cast's course: an exam started and finished, a task sent, scored and returned. */
  async function history() {
    const c = await cast(h);
    const exam = await h.project('exam.exam.upserted', 1, { courseId: c.course.id, name: 'Quiz 1' });
    const task = await h.project('task.task.upserted', 1, {
      courseId: c.course.id,
      name: 'Essay',
      showScore: false,
      deleted: false,
    });
    const facts = { examId: exam.id, courseId: c.course.id, studentId: c.student.id };
    const attempt = await h.project('exam.attempt.started', 1, { ...facts, startAt: ago(50) });
    await h.project('exam.attempt.finished', 1, {
      ...facts,
      studentExamId: attempt.studentExamId,
      finishedAt: ago(49),
    });
    const answer = await h.project('task.answer.submitted', 1, {
      taskId: task.id,
      courseId: c.course.id,
      studentId: c.student.id,
      memberIds: [c.student.id],
      sentBy: c.student.id,
      sentAt: ago(30),
    });
    await h.publish(
      'task.answer.scored',
      1,
      {
        answerId: answer.answerId,
        taskId: task.id,
        courseId: c.course.id,
        groupId: null,
        score: 85,
        passingGrade: 60,
        students: [{ studentId: c.student.id, score: 85, isPassed: true }],
        reason: 'scored',
      },
      c.lecturer.id,
    );
    return { c, exam, task, attempt, answer };
  }

  it('lists a student’s own activity newest first, a page at a time by bucketId', async () => {
    const { c } = await history();
    const first = await c.asStudent.get('/api/timeline/me?page[limit]=2');
    expect(first.status).toBe(200);
    expect(list(first.body).map((entry) => entry.attributes.kind)).toEqual(['task_scored', 'task_sent']);
    expect(list(first.body)[0].attributes).toMatchObject({
      item_type: 'task',
      item_name: 'Essay',
      course_name: 'Databases',
      actor_id: c.lecturer.id,
      // The task does not show scores yet: the student's own timeline leaves the score out.
      detail: { reason: 'scored' },
    });
    expect(list(first.body)[1].attributes).toMatchObject({ actor_id: null, detail: { is_late: false } });
    const bucketId = first.body.meta?.next_bucket_id as string;
    expect(first.body.meta).toEqual({ limit: 2, next_bucket_id: expect.any(String) });

    const second = await c.asStudent.get(`/api/timeline/me?page[limit]=2&bucketId=${bucketId}`);
    expect(
      list(second.body).map((entry) => `${entry.attributes.kind} ${entry.attributes.item_name}`),
    ).toEqual(['exam_finished Quiz 1', 'exam_started Quiz 1']);
    expect(second.body.meta?.next_bucket_id).toBeNull();
    // By id, the same stream.
    const byId = await c.asStudent.get(`/api/timeline/${c.student.id}`);
    expect(list(byId.body)).toHaveLength(4);
  });

  it('shows a student’s timeline to the staff of their course, with scores, and to nobody else', async () => {
    const { c } = await history();
    // The same student in another lecturer's course: that course's entries are not this lecturer's to read.
    const otherLecturer = await h.given.user(1, 'lecturer');
    const otherCourse = await h.course(1, otherLecturer.id, { name: 'Other' });
    await h.enrol(otherCourse.id, 1, [c.student.id]);
    const otherExam = await h.project('exam.exam.upserted', 1, { courseId: otherCourse.id });
    await h.project('exam.attempt.started', 1, {
      examId: otherExam.id,
      courseId: otherCourse.id,
      studentId: c.student.id,
    });

    const asLecturer = await c.asLecturer.get(`/api/timeline/${c.student.id}`);
    expect(asLecturer.status).toBe(200);
    expect(list(asLecturer.body).map((entry) => entry.attributes.course_name)).toEqual(
      Array(4).fill('Databases'),
    );
    expect(list(asLecturer.body)[0].attributes.detail).toEqual({
      score: 85,
      is_passed: true,
      reason: 'scored',
    });
    expect(list((await c.asStudent.get('/api/timeline/me')).body)).toHaveLength(5);

    for (const [client, profile] of [
      [c.asStranger, c.student.id],
      [c.asOutsider, c.student.id],
      [c.asStudent, c.lecturer.id],
      [c.asLecturer, 'abc'],
      [c.asLecturer, '99999999999999999999'],
    ] as const) {
      expect((await client.get(`/api/timeline/${profile}`)).status).toBe(404);
      expect((await client.get(`/api/timeline/statistic/${profile}`)).status).toBe(404);
    }
  });

  it('refuses a cursor it did not give, and paging by offset, with a 400', async () => {
    const { c } = await history();
    for (const [query, parameter] of [
      ['bucketId=not*base64', 'bucketId'],
      [`bucketId=${Buffer.from('yesterday|1').toString('base64url')}`, 'bucketId'],
      ['page[offset]=5', 'page[offset]'],
      ['page[limit]=101', 'page[limit]'],
    ]) {
      const response = await c.asStudent.get(`/api/timeline/me?${query}`);
      expect({ query, status: response.status, source: response.body.errors?.[0].source }).toEqual({
        query,
        status: 400,
        source: { parameter },
      });
    }
  });

  it('counts entries per kind and per week of the campus’s calendar', async () => {
    const { c, exam } = await history();
    // This week's Monday 00:00 in Jakarta (UTC+7), and a minute before it (last week's Sunday).
    const local = formatWireDate(new Date(), 'Asia/Jakarta').slice(0, 10);
    const [y, m, d] = local.split('-').map(Number);
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
    const monday = Date.UTC(y, m - 1, d - weekday) - 7 * HOUR;
    const started = (at: number) =>
      h.project('exam.attempt.started', 1, {
        examId: exam.id,
        courseId: c.course.id,
        studentId: c.student.id,
        startAt: new Date(at).toISOString(),
      });
    await started(monday);
    await started(monday - 60_000);
    await started(monday - 10 * 24 * HOUR);

    const response = await c.asStudent.get('/api/timeline/statistic/me?weeks=3');
    expect(response.status).toBe(200);
    const statistic = one(response.body);
    expect(statistic).toMatchObject({ type: 'timeline_statistics', id: String(c.student.id) });
    const weeks = statistic.attributes.weeks as Array<{
      week_start: string;
      total: number;
      counts: Record<string, number>;
    }>;
    const mondayText = new Date(monday + 7 * HOUR).toISOString().slice(0, 10);
    expect(weeks.map((week) => week.week_start)).toEqual([
      new Date(monday + 7 * HOUR - 14 * 24 * HOUR).toISOString().slice(0, 10),
      new Date(monday + 7 * HOUR - 7 * 24 * HOUR).toISOString().slice(0, 10),
      mondayText,
    ]);
    // Monday's start is this week's, Sunday's last week's; the history (50 to 0 hours ago) is in one of the two.
    expect(weeks[0]).toMatchObject({ total: 1, counts: { exam_started: 1 } });
    expect(weeks[1].counts.exam_started).toBeGreaterThanOrEqual(1);
    expect(weeks[2].counts.exam_started).toBeGreaterThanOrEqual(1);
    expect(weeks[1].total + weeks[2].total).toBe(6);
    expect(statistic.attributes.totals).toEqual({
      exam_started: 4,
      exam_finished: 1,
      task_sent: 1,
      task_reopened: 0,
      task_scored: 1,
      content_completed: 0,
    });
    for (const weeks of ['0', '53', 'x'])
      expect(
        (await c.asStudent.get(`/api/timeline/statistic/me?weeks=${weeks}`)).body.errors?.[0].source,
      ).toEqual({
        parameter: 'weeks',
      });
    expect(
      one((await c.asLecturer.get(`/api/timeline/statistic/${c.student.id}?weeks=3`)).body).attributes.totals,
    ).toEqual(statistic.attributes.totals);
  });
});
