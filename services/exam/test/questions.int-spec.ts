import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceHarness, type JsonResource, type TestUser } from '@lms/testing';
import { buildWordDocument } from '../src/imports/templates';
import { exportQti } from '../src/imports/qti';
import { examService } from '../src/service';

const list = (doc: { data?: unknown }) => doc.data as JsonResource[];
const one = (doc: { data?: unknown }) => doc.data as JsonResource;
const template = (file: string) => readFileSync(join(__dirname, '../templates', file));

/**
 * Questions, answer options, datasets and imports of the exam service on PostgreSQL, in a
 * course's question bank (the same rules hold in an exam's package): who may author, each type's
 * rules, numbering, formulas, datasets, imports of the shipped templates and of broken files.
 */
describe('exam questions on PostgreSQL', () => {
  const h = new ServiceHarness(examService);
  let lecturer: TestUser;
  let assistant: TestUser;
  let student: TestUser;
  let stranger: TestUser;
  let outsider: TestUser;
  let courseId: number;

  beforeAll(async () => {
    await h.start();
    lecturer = await h.given.user(1, 'lecturer');
    assistant = await h.given.user(1, 'lecturer');
    student = await h.given.user(1, 'student');
    stranger = await h.given.user(1, 'lecturer');
    outsider = await h.given.user(2, 'lecturer');
    const course = await h.project('course.course.upserted', 1);
    courseId = course.id;
    await h.given.staff(1, {
      courseId,
      lecturerId: lecturer.id,
      assistants: [{ userId: assistant.id, isCoordinator: false }],
    });
    await h.given.enrolment(1, { courseId, classId: course.classes[0].id, userId: student.id });
  });
  afterAll(() => h.stop());

  /** A new course (and its lecturer) for a test that counts questions. */
  async function freshCourse() {
    const owner = await h.given.user(1, 'lecturer');
    const course = await h.project('course.course.upserted', 1);
    await h.given.staff(1, { courseId: course.id, lecturerId: owner.id, assistants: [] });
    return { owner, courseId: course.id as number };
  }

  const create = async (user: TestUser, attributes: Record<string, unknown>) =>
    (await h.as(user)).post('/api/exam/questions', {
      data: { attributes: { course_id: courseId, ...attributes } },
    });

  async function upload(
    user: TestUser,
    path: string,
    fields: Record<string, string>,
    bytes: Buffer,
    filename: string,
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), filename);
    const response = await fetch(`${h.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.token(user)}` },
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { data?: unknown; errors?: Array<Record<string, unknown>> },
    };
  }

  describe('who may author', () => {
    it('lets the lecturer and the assistants write the bank, and no one else', async () => {
      expect((await create(lecturer, { question: 'By the lecturer' })).status).toBe(201);
      expect((await create(assistant, { question: 'By the assistant' })).status).toBe(201);
      expect((await create(student, { question: 'By a student' })).status).toBe(403);
      expect((await create(stranger, { question: 'By another lecturer' })).status).toBe(403);
      // another campus's course is not found, not forbidden
      expect((await create(outsider, { question: 'From another campus' })).status).toBe(404);
      const bank = await (await h.as(student)).get(`/api/exam/courses/${courseId}/questions`);
      expect(bank.status).toBe(403);
    });
  });

  describe('a new question', () => {
    it('starts with Option 1 and Option 2, group A, weight 1, last in the bank, and says what it lacks', async () => {
      const { owner, courseId: course } = await freshCourse();
      const as = await h.as(owner);
      const first = await as.post('/api/exam/questions', {
        data: { attributes: { course_id: course, question: 'One?' } },
      });
      const second = await as.post('/api/exam/questions', {
        data: { attributes: { course_id: course, question: 'Two?' } },
      });
      expect(second.status).toBe(201);
      expect(one(first.body).attributes).toMatchObject({
        index: 1,
        group: 'A',
        weight: 1,
        questions_type: 'multiple_choices',
      });
      expect(one(second.body).attributes).toMatchObject({
        index: 2,
        problems: ['mark one option correct (a point above 0)'],
      });
      const answers = (second.body.included ?? []).filter((r) => r.type === 'answers');
      expect(
        answers.map((a) => [a.attributes.answer, a.attributes.point, a.attributes.answer_index]),
      ).toEqual([
        ['Option 1', 0, 0],
        ['Option 2', 0, 1],
      ]);
      const events = await h.events('exam.question.changed');
      expect(events.map((e) => e.data)).toContainEqual({
        examId: null,
        courseId: course,
        action: 'created',
        questionIds: [Number(one(second.body).id)],
      });
    });
  });

  describe('rich text', () => {
    it('stores the question, its options and its solution sanitized', async () => {
      const created = await create(lecturer, {
        question: '<p onclick="steal()">Which <strong>one</strong>?<script>alert(1)</script></p>',
        solution: '<img src="javascript:alert(1)">Because.',
        answers: [
          { answer: '<em>this</em><iframe src="https://evil.example"></iframe>', point: 1 },
          { answer: 'that' },
        ],
      });
      expect(created.status).toBe(201);
      expect(one(created.body).attributes).toMatchObject({
        question: '<p>Which <strong>one</strong>?</p>',
        solution: expect.not.stringContaining('javascript'),
      });
      expect((created.body.included ?? []).map((a) => a.attributes.answer)).toEqual([
        '<em>this</em>',
        'that',
      ]);
    });
  });

  describe('each type’s rules', () => {
    it('keeps one correct option on single-answer types, several on multiple answers', async () => {
      const as = await h.as(lecturer);
      const question = one((await create(lecturer, { question: 'Pick one' })).body);
      const options = (await as.get(`/api/exam/questions/${question.id}`)).body.included ?? [];
      await as.patch(`/api/exam/answers/${options[0].id}`, { data: { attributes: { point: 1 } } });
      await as.patch(`/api/exam/answers/${options[1].id}`, { data: { attributes: { point: 1 } } });
      const after = await as.get(`/api/exam/questions/${question.id}`);
      expect((after.body.included ?? []).map((a) => a.attributes.point)).toEqual([0, 1]);
      expect(one(after.body).attributes.problems).toEqual([]);

      const several = one(
        (
          await create(lecturer, {
            questions_type: 'multiple_answers',
            question: 'Pick all',
            answers: [{ answer: 'a', point: 1 }, { answer: 'b', point: 1 }, { answer: 'c' }],
          })
        ).body,
      );
      expect(several.attributes.problems).toEqual([]);
      const refused = await create(lecturer, {
        questions_type: 'multiple_choices',
        answers: [
          { answer: 'a', point: 1 },
          { answer: 'b', point: 1 },
        ],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors?.[0]).toMatchObject({ source: { pointer: '/data/attributes/answers' } });
    });

    it('refuses options on an essay, a third true/false option, a tolerance on a text answer', async () => {
      const as = await h.as(lecturer);
      const essay = one((await create(lecturer, { questions_type: 'essay', question: 'Discuss' })).body);
      expect(essay.relationships?.answers).toEqual({ data: [] });
      const option = await as.post('/api/exam/answers', {
        data: { attributes: { question_id: Number(essay.id), answer: 'x' } },
      });
      expect(option.status).toBe(422);
      expect(option.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/question_id' });

      const trueFalse = one(
        (await create(lecturer, { questions_type: 'true_false', question: 'Sky is blue' })).body,
      );
      const third = await as.post('/api/exam/answers', {
        data: { attributes: { question_id: Number(trueFalse.id), answer: 'Maybe' } },
      });
      expect(third.status).toBe(422);

      const exact = one(
        (await create(lecturer, { questions_type: 'exact', question: 'Capital of Indonesia?' })).body,
      );
      const [accepted] = (await as.get(`/api/exam/questions/${exact.id}`)).body.included ?? [];
      const text = await as.patch(`/api/exam/answers/${accepted.id}`, {
        data: { attributes: { exact_answer: 'Jakarta', tolerance: 0.5 } },
      });
      expect(text.status).toBe(422);
      expect(text.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/tolerance' });
      const negative = await as.patch(`/api/exam/answers/${accepted.id}`, {
        data: { attributes: { tolerance: -1 } },
      });
      expect(negative.status).toBe(422);
      const good = await as.patch(`/api/exam/answers/${accepted.id}`, {
        data: { attributes: { exact_answer: '9.81', tolerance: 0.05, decimal_place: 2, point: 1 } },
      });
      expect(good.status).toBe(200);
      expect(one(good.body).attributes).toMatchObject({
        exact_answer: '9.81',
        tolerance: 0.05,
        decimal_place: 2,
      });
      expect((await create(lecturer, { questions_type: 'matching' })).status).toBe(422);
    });
  });

  describe('numbering', () => {
    it('moves a question to a new position and renumbers the others; a deletion closes the gap', async () => {
      const { owner, courseId: course } = await freshCourse();
      const as = await h.as(owner);
      const ids: string[] = [];
      for (const text of ['A', 'B', 'C', 'D'])
        ids.push(
          one(
            (
              await as.post('/api/exam/questions', {
                data: { attributes: { course_id: course, question: text } },
              })
            ).body,
          ).id,
        );
      const moved = await as.patch(`/api/exam/questions/${ids[3]}`, { data: { attributes: { index: 1 } } });
      expect(moved.status).toBe(200);
      const order = async () =>
        list(
          (await as.get(`/api/exam/questions?filter[course_id]=${course}&page[limit]=0&sort=index`)).body,
        ).map((q) => [q.attributes.question, q.attributes.index]);
      expect(await order()).toEqual([
        ['D', 1],
        ['A', 2],
        ['B', 3],
        ['C', 4],
      ]);
      expect((await as.send('DELETE', `/api/exam/questions/${ids[0]}`)).status).toBe(204);
      expect(await order()).toEqual([
        ['D', 1],
        ['B', 2],
        ['C', 3],
      ]);
      const next = one(
        (await as.post('/api/exam/questions', { data: { attributes: { course_id: course, question: 'E' } } }))
          .body,
      );
      expect(next.attributes.index).toBe(4);
    });
  });

  describe('datasets and formulas', () => {
    it('generates items within each variable’s bounds and computes the formulas of the questions using it', async () => {
      const as = await h.as(lecturer);
      const dataSet = one(
        (await as.post('/api/exam/datasets', { data: { attributes: { course_id: courseId } } })).body,
      );
      expect(dataSet.attributes.name).toBe('New Data Set');
      const v = await as.post('/api/exam/datasetdetails', {
        data: { attributes: { data_set_id: Number(dataSet.id), name: 'v' } },
      });
      expect(one(v.body).attributes).toMatchObject({
        name: 'v',
        min_value: 1,
        max_value: 5,
        decimal_place: 0,
      });
      await as.post('/api/exam/datasetdetails', {
        data: {
          attributes: {
            data_set_id: Number(dataSet.id),
            name: 't',
            min_value: 0.5,
            max_value: 2,
            decimal_place: 1,
          },
        },
      });
      const bad = await as.post('/api/exam/datasetdetails', {
        data: { attributes: { data_set_id: Number(dataSet.id), name: 'w', min_value: 5, max_value: 1 } },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/max_value' });

      const generated = await as.post(`/api/exam/datasets/${dataSet.id}/items`, {
        data: { attributes: { count: 50, seed: 7 } },
      });
      expect(generated.status).toBe(201);
      const items = list(generated.body);
      expect(items).toHaveLength(50);
      for (const item of items) {
        const values = item.attributes.values as { v: number; t: number };
        expect(Number.isInteger(values.v) && values.v >= 1 && values.v <= 5).toBe(true);
        expect(values.t >= 0.5 && values.t <= 2 && Math.round(values.t * 10) === values.t * 10).toBe(true);
      }

      const question = await create(lecturer, {
        questions_type: 'parameterized',
        question: 'Drive {v} km/h for {t} h. How far?',
        data_set_id: Number(dataSet.id),
        answers: [{ formula: 'v * t', decimal_place: 1, point: 1 }],
      });
      expect(question.status).toBe(201);
      expect(one(question.body).attributes.problems).toEqual([]);
      const withResults = await as.get(`/api/exam/datasets/${dataSet.id}/items`);
      expect(withResults.body.meta).toMatchObject({ formulas: ['v * t'] });
      const first = list(withResults.body)[0].attributes as {
        values: { v: number; t: number };
        results: number[];
      };
      expect(first.results[0]).toBeCloseTo(first.values.v * first.values.t, 9);

      const preview = await as.get(`/api/exam/questions/${one(question.body).id}/preview?item=1`);
      expect(one(preview.body).attributes).toEqual({
        item: 1,
        values: first.values,
        question: `Drive ${first.values.v} km/h for ${first.values.t} h. How far?`,
        answers: [
          expect.objectContaining({
            answer: null,
            value: Math.round(first.values.v * first.values.t * 10) / 10,
          }),
        ],
      });
      expect((await as.get(`/api/exam/questions/${one(question.body).id}/preview?item=51`)).status).toBe(404);
      expect(
        (await (await h.as(student)).get(`/api/exam/questions/${one(question.body).id}/preview`)).status,
      ).toBe(403);

      const [option] = (await as.get(`/api/exam/questions/${one(question.body).id}`)).body.included ?? [];
      const patch = (formula: string) =>
        as.patch(`/api/exam/answers/${option.id}`, { data: { attributes: { formula } } });
      const unparsable = await patch('v * (t');
      expect(unparsable.status).toBe(422);
      expect(unparsable.body.errors?.[0]).toMatchObject({ source: { pointer: '/data/attributes/formula' } });
      expect(String(unparsable.body.errors?.[0].detail)).toMatch(/does not parse/);
      const unknown = await patch('v * s');
      expect(unknown.body.errors?.[0]).toMatchObject({
        detail: "'s' is not a variable of the dataset (v, t)",
        source: { pointer: '/data/attributes/formula' },
      });
      const byZero = await patch('v / (t - t)');
      expect(byZero.status).toBe(422);
      expect(String(byZero.body.errors?.[0].detail)).toMatch(/^the formula divides by zero \(dataset item 1/);
      expect(byZero.body.errors?.[0].source).toEqual({ pointer: '/data/attributes/formula' });
      expect((await patch('round(v / t, 2)')).status).toBe(200);

      const placeholder = await as.patch(`/api/exam/questions/${one(question.body).id}`, {
        data: { attributes: { question: 'Drive {speed} km/h' } },
      });
      expect(placeholder.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/question' },
      });
    });
  });

  describe('imports', () => {
    it('imports the shipped spreadsheet and Word templates into the bank', async () => {
      const { owner, courseId: course } = await freshCourse();
      const sheet = await upload(
        owner,
        `/api/exam/imports/courses/${course}/question`,
        {},
        template('questions-template.xlsx'),
        'questions.xlsx',
      );
      expect(sheet.status).toBe(201);
      expect(list(sheet.body).map((q) => q.attributes.questions_type)).toEqual([
        'multiple_choices',
        'multiple_answers',
        'true_false',
        'exact',
        'exact',
        'essay',
      ]);
      expect(list(sheet.body).map((q) => q.attributes.index)).toEqual([1, 2, 3, 4, 5, 6]);
      const word = await upload(
        owner,
        '/api/import-word/courses',
        { course_id: String(course) },
        template('questions-template.docx'),
        'q.docx',
      );
      expect(word.status).toBe(201);
      expect(list(word.body).map((q) => q.attributes.index)).toEqual([7, 8, 9, 10, 11]);
      expect(list(word.body).every((q) => (q.attributes.problems as string[]).length === 0)).toBe(true);
      const tags = await (await h.as(owner)).get(`/api/exam/questions/tags?course_id=${course}`);
      expect(list(tags.body).map((t) => t.attributes.tag)).toContain('astronomy');
      expect(await h.events('exam.question.changed')).toContainEqual(
        expect.objectContaining({ data: expect.objectContaining({ courseId: course, action: 'imported' }) }),
      );
    });

    it('imports nothing from a sheet with three broken rows and reports each of them', async () => {
      const { owner, courseId: course } = await freshCourse();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Questions');
      sheet.addRow(['type', 'question', 'option_a', 'option_b', 'answer', 'weight']);
      sheet.addRow(['multiple_choices', 'Fine', 'yes', 'no', 'A', 1]);
      sheet.addRow(['multiple_choices', 'No such option', 'yes', 'no', 'C', 1]);
      sheet.addRow(['true_false', 'Neither', null, null, 'MAYBE', 1]);
      sheet.addRow(['exact', 'Weightless', null, null, '4', 0]);
      const response = await upload(
        owner,
        `/api/exam/imports/courses/${course}/question`,
        {},
        Buffer.from(await book.xlsx.writeBuffer()),
        'broken.xlsx',
      );
      expect(response.status).toBe(422);
      expect(response.body.errors?.map((e) => [e.meta, e.source])).toEqual([
        [
          { row: 3, field: 'answer', reason: "'C' is not one of the filled options (A, B)" },
          { pointer: '/data/attributes/file' },
        ],
        [{ row: 4, field: 'answer', reason: 'write TRUE or FALSE' }, { pointer: '/data/attributes/file' }],
        [
          { row: 5, field: 'weight', reason: 'the weight must be above 0' },
          { pointer: '/data/attributes/file' },
        ],
      ]);
      expect(response.body.errors?.[0].detail).toBe(
        "row 3, answer: 'C' is not one of the filled options (A, B)",
      );
      const bank = await (await h.as(owner)).get(`/api/exam/courses/${course}/questions`);
      expect(bank.body.meta).toMatchObject({ total: 0 });
    });

    it('imports nothing from a Word document with a broken block and names the block', async () => {
      const { owner, courseId: course } = await freshCourse();
      const docx = await buildWordDocument([
        'Good?',
        'A. yes',
        'B. no',
        'ANSWER: A',
        '',
        'Broken?',
        'A. one',
        'B. two',
        'ANSWER: E',
      ]);
      const response = await upload(
        owner,
        '/api/import-word/courses',
        { course_id: String(course) },
        docx,
        'broken.docx',
      );
      expect(response.status).toBe(422);
      expect(response.body.errors?.map((e) => e.meta)).toEqual([
        { block: 2, field: 'answer', reason: "'E' is not one of the options (A, B)" },
      ]);
      expect(
        (await (await h.as(owner)).get(`/api/exam/courses/${course}/questions`)).body.meta,
      ).toMatchObject({ total: 0 });
    });

    it('refuses an import by a student and a file that is too large or missing', async () => {
      expect(
        (
          await upload(
            student,
            `/api/exam/imports/courses/${courseId}/question`,
            {},
            template('questions-template.xlsx'),
            'q.xlsx',
          )
        ).status,
      ).toBe(403);
      const big = await upload(
        lecturer,
        `/api/exam/imports/courses/${courseId}/question`,
        {},
        Buffer.alloc(11 * 1024 * 1024),
        'big.xlsx',
      );
      expect(big.status).toBe(413);
      const form = new FormData();
      form.append('package', '1');
      const none = await fetch(`${h.baseUrl}/api/exam/imports/courses/${courseId}/question`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await h.token(lecturer)}` },
        body: form,
      });
      expect(none.status).toBe(422);
    });

    it('serves the templates', async () => {
      const response = await fetch(`${h.baseUrl}/api/exam/imports/templates/xlsx`, {
        headers: { authorization: `Bearer ${await h.token(lecturer)}` },
      });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(template('questions-template.xlsx'))).toBe(
        true,
      );
    });

    it('gives the same questions back from a QTI package (round trip through the API)', async () => {
      const { owner, courseId: course } = await freshCourse();
      const as = await h.as(owner);
      await upload(
        owner,
        `/api/exam/imports/courses/${course}/question`,
        {},
        template('questions-template.xlsx'),
        'q.xlsx',
      );
      const [original] = await Promise.all([
        as.get(`/api/exam/courses/${course}/questions?page[limit]=0&include=answers`),
      ]);
      const questions = list(original.body).map((q) => {
        const answers = (original.body.included ?? []).filter(
          (a) => a.attributes.question_id === Number(q.id),
        );
        return {
          index: q.attributes.index as number,
          questions_type: q.attributes.questions_type as never,
          question: q.attributes.question as string,
          weight: q.attributes.weight as number,
          data_set_id: null,
          solution: q.attributes.solution as string | null,
          tags: q.attributes.tags as string[],
          answers: answers.map((a) => ({
            answer: a.attributes.answer as string | null,
            point: a.attributes.point as number,
            exact_answer: a.attributes.exact_answer as string | null,
            tolerance: a.attributes.tolerance as number,
            decimal_place: a.attributes.decimal_place as number,
            formula: a.attributes.formula as string | null,
          })),
        };
      });
      const { zip } = await exportQti(questions, 'bank');
      const other = await freshCourse();
      const imported = await upload(
        other.owner,
        '/api/exam/imports/qti',
        { course_id: String(other.courseId) },
        zip,
        'bank.zip',
      );
      expect(imported.status).toBe(201);
      const copy = await (
        await h.as(other.owner)
      ).get(`/api/exam/courses/${other.courseId}/questions?page[limit]=0&include=answers`);
      const strip = (doc: typeof copy.body) =>
        list(doc).map((q) => ({
          ...q.attributes,
          course_id: undefined,
          created_at: undefined,
          updated_at: undefined,
          answers: (doc.included ?? [])
            .filter((a) => a.attributes.question_id === Number(q.id))
            .map((a) => ({ ...a.attributes, question_id: undefined })),
        }));
      expect(strip(copy.body)).toEqual(strip(original.body));
    });
  });
});
