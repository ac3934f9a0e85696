import type { ProjectedUser } from '@lms/testing';
import { DEMO_EXAM_NAME, seedExamDemo } from '../src';
import { ExamHarness, list, one } from './support/harness';

describe('demo exam seed', () => {
  const h = new ExamHarness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('waits for the demo course, then makes a published quiz open now with a question of each type, once', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    // Not there yet: the course has not arrived.
    await expect(seedExamDemo(h.app, 7)).rejects.toThrow(/IF101/);

    const course = await h.project('course.course.upserted', 7, { code: 'IF101' });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    for (const student of ['student1', 'student2', 'student3'])
      await h.given.enrolment(7, {
        courseId: course.id,
        classId: course.classes[0].id,
        userId: users[student].id,
      });
    expect(await seedExamDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedExamDemo(h.app, 7)).toEqual({ created: false });

    const asStudent = await h.as(users.student1);
    const exams = list((await asStudent.get('/api/exam/exams')).body);
    expect(exams.map((exam) => exam.attributes.name)).toEqual([DEMO_EXAM_NAME]);
    const exam = exams[0].attributes;
    expect(exam).toMatchObject({ is_published: true, is_show_score: true, retry: 1, duration: 45 });
    // the instructions are plain text, as the editor writes them and the lobby shows them
    expect(exam.intro).toMatch(/^Eight short questions [^<>]+$/);
    const toDate = (wire: unknown) => new Date(`${String(wire).replace(' ', 'T')}+07:00`).getTime();
    expect(toDate(exam.start_at)).toBeLessThan(Date.now());
    expect(toDate(exam.end_at)).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);

    const asLecturer = await h.as(users.lecturer);
    const questions = list(
      (await asLecturer.get(`/api/exam/questions?filter[exam_id]=${exams[0].id}&page[limit]=0`)).body,
    );
    expect(new Set(questions.map((q) => q.attributes.questions_type))).toEqual(
      new Set([
        'multiple_choices',
        'multiple_answers',
        'true_false',
        'essay',
        'exact',
        'parameterized',
        'parameterized_multiple_choices',
      ]),
    );
    expect(questions).toHaveLength(8);
    // The picture question's image is a real PNG in the store, shown at its address.
    const pictured = questions.find((q) => String(q.attributes.question).includes('<img'))!;
    const src = /<img src="([^"]+)"/.exec(String(pictured.attributes.question))![1];
    const image = await fetch(`${h.baseUrl}${src}`, {
      headers: { 'x-forwarded-host': 'demo.example.ac.id' },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(240); // IHDR width
    // Every question is ready to be taken.
    expect(questions.filter((q) => (q.attributes.problems as string[]).length > 0)).toEqual([]);
    const calculated = questions.find((q) => q.attributes.questions_type === 'parameterized')!;
    const preview = await asLecturer.get(`/api/exam/questions/${calculated.id}/preview`);
    expect(preview.status).toBe(200);
    expect(String(one(preview.body).attributes.question)).toMatch(
      /moves at \d+ metres per second for \d+ seconds/,
    );

    // student2 and student3 took it already: student2 answered well and the lecturer graded their
    // essay 85 ((7 + 0.85) / 8 = 98.13); student3 answered hastily and their essay waits.
    const attempts = list(
      (await asLecturer.get(`/api/exam/studentexams?filter[exam_id]=${exams[0].id}`)).body,
    );
    const scores = Object.fromEntries(
      attempts.map((attempt) => [Number(attempt.attributes.student_id), attempt.attributes.score]),
    );
    expect(scores).toEqual({ [users.student2.id]: 98.13, [users.student3.id]: expect.any(Number) });
    expect(scores[users.student3.id]).toBeLessThan(50);
    const waiting = list(
      (await asLecturer.get(`/api/v2/exam/exams/${exams[0].id}/essays?filter[graded]=false`)).body,
    );
    expect(waiting.map((essay) => Number(essay.attributes.student_id))).toEqual([users.student3.id]);
  });
});
