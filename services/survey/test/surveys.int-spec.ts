import { errorPointers, type ProjectedUser } from '@lms/testing';
import { seedSurveyDemo } from '../src';
import { body, list, one, QUESTIONS, SurveyHarness } from './support/harness';

/**
 * Surveys (issue 19): definitions by the campus's staff, attached to a course and answered once
 * by each of its students; the lecturer's results are anonymous and show no breakdown below
 * SURVEY_MIN_RESPONSES (3 here); who may do what; another campus's is a 404; bad input a 422.
 */
describe('surveys', () => {
  const h = new SurveyHarness({ SURVEY_MIN_RESPONSES: '3' });
  let c: Awaited<ReturnType<SurveyHarness['classroom']>>;
  let surveyId: number;
  let courseSurveyId: number;
  let questionIds: number[];
  beforeAll(async () => {
    await h.start();
    c = await h.classroom(4);
  });
  afterAll(() => h.stop());

  const answers = (scale: number, single: number, multiple: number[], text: string) =>
    [scale, single, multiple, text].map((value, i) => ({ question_id: questionIds[i], value }));
  const submit = (client: (typeof c.students)[number]['client'], values: Array<Record<string, unknown>>) =>
    client.post('/api/v2/survey', body({ course_id: c.course.id, survey_id: surveyId, answers: values }));
  const count = async (table: string) => (await h.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  it('is ready with its migrations applied', async () => {
    expect((await h.api.get('/readyz')).status).toBe(200);
    const tables = await h.ds.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.map((t: { table_name: string }) => t.table_name)).toEqual(
      expect.arrayContaining([
        'surveys',
        'survey_questions',
        'course_surveys',
        'survey_respondents',
        'survey_answers',
      ]),
    );
  });

  it("lets the campus's staff write a survey, refusing bad input with pointers and changing nothing", async () => {
    const bad = await c.asLecturer.post(
      '/api/v2/survey/definitions',
      body({
        name: '',
        questions: [
          { text: 'Pick', type: 'single', options: ['Only one'] },
          { text: 'x', type: 'dial' },
        ],
      }),
    );
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual(
      expect.arrayContaining(['/data/attributes/name', '/data/attributes/questions/1/type']),
    );
    const noChoices = await c.asLecturer.post(
      '/api/v2/survey/definitions',
      body({ name: 'Feedback', questions: [{ text: 'Pick', type: 'single', options: ['Only one'] }] }),
    );
    expect(noChoices.status).toBe(422);
    expect(errorPointers(noChoices.body)).toEqual(['/data/attributes/questions/0/options']);
    expect(await count('surveys')).toBe(0);

    const student = c.students[0].client;
    expect(
      (await student.post('/api/v2/survey/definitions', body({ name: 'Mine', questions: QUESTIONS }))).status,
    ).toBe(403);
    const created = await c.asLecturer.post(
      '/api/v2/survey/definitions',
      body({ name: 'Course feedback', description: 'End of term', questions: QUESTIONS }),
    );
    expect(created.status).toBe(201);
    surveyId = Number(one(created.body).id);
    const attributes = one(created.body).attributes as { questions: Array<{ id: number; type: string }> };
    expect(attributes.questions.map((q) => q.type)).toEqual(['scale', 'single', 'multiple', 'text']);
    questionIds = attributes.questions.map((q) => q.id);

    expect((await c.asElsewhere.get(`/api/v2/survey/definitions/${surveyId}`)).status).toBe(404);
    expect(
      (await c.asStranger.patch(`/api/v2/survey/definitions/${surveyId}`, body({ name: 'Mine' }))).status,
    ).toBe(403);
    const renamed = await c.asAdmin.patch(
      `/api/v2/survey/definitions/${surveyId}`,
      body({ name: 'Course feedback 2026' }),
    );
    expect(one(renamed.body).attributes).toMatchObject({ name: 'Course feedback 2026' });
  });

  it("attaches it to a course by the course's staff, once, opened to its students only", async () => {
    const attach = (client: typeof c.asLecturer, courseId = c.course.id) =>
      client.post('/api/course/surveys', body({ survey_id: surveyId, course_id: courseId }));
    expect((await attach(c.asStranger)).status).toBe(403);
    expect((await attach(c.students[0].client)).status).toBe(403);
    expect((await attach(c.asElsewhere)).status).toBe(404);
    expect((await attach(c.asLecturer, 999_999)).status).toBe(404);
    const attached = await attach(c.asAssistant);
    expect(attached.status).toBe(201);
    courseSurveyId = Number(one(attached.body).id);
    expect(one(attached.body).attributes).toMatchObject({
      survey_id: surveyId,
      course_id: c.course.id,
      course_name: 'Kalkulus',
      name: 'Course feedback 2026',
      is_open: true,
      responses: 0,
      students: 4,
    });
    expect((await attach(c.asLecturer)).status).toBe(409);

    const mine = await c.students[0].client.get('/api/v2/survey');
    expect(list(mine.body).map((s) => Number(s.id))).toEqual([courseSurveyId]);
    expect(list(mine.body)[0].attributes).toMatchObject({
      answered: false,
      can_respond: false,
      responses: null,
      students: null,
    });
    const lecturers = await c.asLecturer.get(`/api/v2/survey/course_survey/${courseSurveyId}`);
    expect(one(lecturers.body).attributes).toMatchObject({ can_respond: true, responses: 0 });
    const assistants = await c.asAssistant.get(`/api/v2/survey/course_survey/${courseSurveyId}`);
    expect(one(assistants.body).attributes).toMatchObject({ can_respond: false, responses: 0 });
    expect(list((await c.asOutsider.get('/api/v2/survey')).body)).toEqual([]);
    expect((await c.asOutsider.get(`/api/v2/survey/course_survey/${courseSurveyId}`)).status).toBe(404);
    expect((await c.asElsewhere.get(`/api/v2/survey/course_survey/${courseSurveyId}`)).status).toBe(404);
    expect((await c.asOutsider.get(`/api/v2/survey/${surveyId}/questions`)).status).toBe(404);
    const questions = await c.students[0].client.get(`/api/v2/survey/${surveyId}/questions`);
    expect(list(questions.body).map((q) => Number(q.id))).toEqual(questionIds);
    expect(list((await c.students[0].client.get(`/api/v2/survey/course/${c.course.id}`)).body)).toHaveLength(
      1,
    );
    expect(
      list((await c.asAdmin.get(`/api/v2/survey/course_survey_by_level_id/${surveyId}`)).body),
    ).toHaveLength(1);
  });

  it('takes one response per student (a second is a 409), refusing bad answers with pointers and changing nothing', async () => {
    const [first] = c.students;
    const bad = await submit(first.client, [
      { question_id: questionIds[0], value: 6 },
      { question_id: questionIds[1], value: [0] },
      { question_id: 999_999, value: 1 },
    ]);
    expect(bad.status).toBe(422);
    expect(errorPointers(bad.body)).toEqual(
      expect.arrayContaining([
        '/data/attributes/answers/0/value',
        '/data/attributes/answers/1/value',
        '/data/attributes/answers/2/question_id',
        '/data/attributes/answers',
      ]),
    );
    expect((await submit(first.client, [{ question_id: 'x', value: {} }])).status).toBe(422);
    expect(await count('survey_respondents')).toBe(0);
    expect(await count('survey_answers')).toBe(0);

    expect((await submit(c.asOutsider, answers(5, 0, [0], ''))).status).toBe(404);
    expect((await submit(c.asLecturer, answers(5, 0, [0], ''))).status).toBe(403);

    const answered = await submit(first.client, answers(5, 0, [0, 2], 'More worked examples'));
    expect(answered.status).toBe(201);
    expect(one(answered.body).attributes).toMatchObject({ answered: true });
    const again = await submit(first.client, answers(1, 1, [1], 'Changed my mind'));
    expect(again.status).toBe(409);
    expect(await count('survey_respondents')).toBe(1);
    expect(await count('survey_answers')).toBe(4);
  });

  it('shows the lecturer no breakdown and no suggestions below the minimum of responses', async () => {
    expect((await submit(c.students[1].client, answers(4, 1, [1], ''))).status).toBe(201);
    const results = await c.asLecturer.get('/api/v2/survey/lecturers');
    expect(results.status).toBe(200);
    const [result] = list(results.body);
    expect(result.attributes).toMatchObject({
      responses: 2,
      students: 4,
      response_rate: 0.5,
      minimum_responses: 3,
      hidden: true,
    });
    const questions = (result.attributes as { questions: Array<Record<string, unknown>> }).questions;
    expect(questions.every((q) => q.mean === null && q.distribution === null && q.answered === null)).toBe(
      true,
    );
    const suggestions = await c.asLecturer.get(`/api/v2/survey/suggestions/${surveyId}/${c.course.id}`);
    expect(suggestions.status).toBe(403);
    const question = await c.asLecturer.get(
      `/api/v2/survey/course_survey/${courseSurveyId}/questions/${questionIds[0]}`,
    );
    expect(one(question.body).attributes).toMatchObject({ hidden: true, question: { mean: null } });
  });

  it('gives the lecturer anonymous aggregates from the minimum on: mean, distribution, response rate, suggestions', async () => {
    expect((await submit(c.students[2].client, answers(3, 1, [], 'Slower pace please'))).status).toBe(201);
    const results = await c.asLecturer.get('/api/v2/survey/lecturers');
    const [result] = list(results.body);
    expect(result.attributes).toMatchObject({ responses: 3, response_rate: 0.75, hidden: false });
    const [scale, single, multiple, text] = (
      result.attributes as { questions: Array<Record<string, unknown>> }
    ).questions;
    expect(scale).toMatchObject({ answered: 3, mean: 4 });
    expect((scale.distribution as Array<{ count: number }>).map((bar) => bar.count)).toEqual([0, 0, 1, 1, 1]);
    expect(single.distribution).toEqual([
      { value: 0, label: 'Lectures', count: 1 },
      { value: 1, label: 'Labs', count: 2 },
      { value: 2, label: 'Projects', count: 0 },
    ]);
    // nothing chosen in an optional multiple choice question is no answer
    expect(multiple).toMatchObject({ answered: 2 });
    expect((multiple.distribution as Array<{ count: number }>).map((bar) => bar.count)).toEqual([1, 1, 1]);
    expect(text).toMatchObject({ answered: 2, mean: null, distribution: null });

    const page = await c.asLecturer.get(
      `/api/v2/survey/suggestions/${surveyId}/${c.course.id}?size=1&page=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 2, limit: 1, offset: 1 });
    const all = await c.asAssistant.get(`/api/v2/survey/suggestions/${surveyId}/${c.course.id}?size=10`);
    expect(
      list(all.body)
        .map((s) => s.attributes.text)
        .sort(),
    ).toEqual(['More worked examples', 'Slower pace please']);
    expect(
      (await c.asLecturer.get(`/api/v2/survey/suggestions/${surveyId}/${c.course.id}?size=0`)).status,
    ).toBe(400);

    // nothing a lecturer reads names a student, and no answer row can be joined to one
    const texts = JSON.stringify([results.body, all.body]);
    for (const student of c.students)
      expect(texts).not.toMatch(new RegExp(`"(user_id|userId)"|\\b${student.id}\\b`));
    const columns = await h.ds.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'survey_answers'`,
    );
    expect(columns.map((col: { column_name: string }) => col.column_name)).not.toContain('user_id');
  });

  it('keeps the results from students, other lecturers and other campuses', async () => {
    const path = `/api/v2/survey/course_survey/${courseSurveyId}/questions/${questionIds[0]}`;
    expect((await c.students[0].client.get('/api/v2/survey/lecturers')).status).toBe(403);
    expect((await c.students[0].client.get(path)).status).toBe(403);
    expect((await c.asOutsider.get(path)).status).toBe(404);
    expect((await c.asStranger.get(path)).status).toBe(404);
    expect((await c.asElsewhere.get(path)).status).toBe(404);
    expect(list((await c.asStranger.get('/api/v2/survey/lecturers')).body)).toEqual([]);
    expect(list((await c.asAdmin.get('/api/v2/survey/lecturers')).body)).toHaveLength(1);
    expect((await c.asStranger.get(`/api/v2/survey/suggestions/${surveyId}/${c.course.id}`)).status).toBe(
      404,
    );
  });

  it("takes the lecturer's response; questions stay as answered; a closed survey takes no more", async () => {
    const path = `/api/v2/survey/course/${c.course.id}`;
    expect((await c.asAssistant.patch(path, body({ survey_id: surveyId, response: 'Thanks' }))).status).toBe(
      403,
    );
    expect((await c.asElsewhere.patch(path, body({ survey_id: surveyId, response: 'Thanks' }))).status).toBe(
      404,
    );
    const bad = await c.asLecturer.patch(path, body({ survey_id: 'x', response: 5 }));
    expect(errorPointers(bad.body)).toEqual(
      expect.arrayContaining(['/data/attributes/survey_id', '/data/attributes/response']),
    );
    const responded = await c.asLecturer.patch(
      path,
      body({ survey_id: surveyId, response: 'More examples from week 5.' }),
    );
    expect(responded.status).toBe(200);
    const seen = await c.students[0].client.get(`/api/v2/survey/course_survey/${courseSurveyId}`);
    expect(one(seen.body).attributes).toMatchObject({ response: 'More examples from week 5.' });

    const change = await c.asLecturer.patch(
      `/api/v2/survey/definitions/${surveyId}`,
      body({ questions: QUESTIONS }),
    );
    expect(change.status).toBe(409);

    expect(
      (await c.students[3].client.patch(`/api/course/surveys/${courseSurveyId}`, body({ is_open: false })))
        .status,
    ).toBe(403);
    const closed = await c.asLecturer.patch(
      `/api/course/surveys/${courseSurveyId}`,
      body({ is_open: false }),
    );
    expect(one(closed.body).attributes).toMatchObject({ is_open: false });
    expect((await submit(c.students[3].client, answers(2, 2, [2], ''))).status).toBe(404);
    expect(list((await c.students[3].client.get('/api/v2/survey')).body)).toEqual([]);
    // who answered still sees it, with the lecturer's response
    expect(list((await c.students[0].client.get('/api/v2/survey')).body)).toHaveLength(1);
  });

  it('seeds the demo campus once IF101 is here: a survey answered by two of its three students, its results hidden', async () => {
    const users: Record<string, ProjectedUser> = {};
    for (const [username, role] of [
      ['lecturer', 'lecturer'],
      ['student1', 'student'],
      ['student2', 'student'],
      ['student3', 'student'],
    ] as const)
      users[username] = await h.given.user(7, role, { username });
    await h.given.campus({ id: 7, domain: 'demo.example.ac.id' });
    await expect(seedSurveyDemo(h.app, 7)).rejects.toThrow(/IF101/);
    const classId = h.nextId();
    const course = await h.project('course.course.upserted', 7, {
      code: 'IF101',
      classes: [{ id: classId, name: 'A' }],
    });
    await h.given.staff(7, { courseId: course.id, lecturerId: users.lecturer.id, assistants: [] });
    for (const username of ['student1', 'student2', 'student3'])
      await h.given.enrolment(7, { courseId: course.id, classId, userId: users[username].id });
    expect(await seedSurveyDemo(h.app, 7)).toEqual({ created: true });
    expect(await seedSurveyDemo(h.app, 7)).toEqual({ created: false });

    const [open] = list((await (await h.as(users.student3)).get('/api/v2/survey')).body);
    expect(open.attributes).toMatchObject({ name: 'Course feedback', answered: false, is_open: true });
    const [results] = list((await (await h.as(users.lecturer)).get('/api/v2/survey/lecturers')).body);
    expect(results.attributes).toMatchObject({ responses: 2, students: 3, hidden: true });
  });
});
