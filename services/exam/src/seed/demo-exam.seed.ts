import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, parseWireDate, validateWith } from '@lms/jsonapi';
import type { BlobStorage } from '@lms/storage';
import { DataSetsService } from '../datasets/datasets.service';
import { examCreateRules } from '../exams/exams.rules';
import { ExamsService } from '../exams/exams.service';
import { questionCreateRules } from '../questions/questions.rules';
import { ExamImage } from '../images/exam-image.entity';
import { questionImagePath } from '../images/images.resource';
import { QuestionsService } from '../questions/questions.service';
import { BLOB_STORAGE } from '../storage/blob-storage';
import { barChartPng } from './bar-chart.png';
import { seedDemoAttempts } from './demo-attempts.seed';

/** The demo exam's name: how the seed knows it already made it. */
export const DEMO_EXAM_NAME = 'Quiz 1: Branching and loops';
const DEMO_COURSE_CODE = 'IF101';
const DEMO_STUDENT = 'student1';

type QuestionInput = Record<string, unknown>;

/**
 * One question of each of the seven types (the calculated ones read the "Speed and time" dataset),
 * and a multiple choice about a picture (`image`: the address of the stored chart).
 */
const questions = (dataSetId: number, image: string): QuestionInput[] => [
  {
    questions_type: 'multiple_choices',
    question: '<p>Which loop always runs its body <strong>at least once</strong>?</p>',
    answers: [
      { answer: '<p><code>for</code></p>', point: 0 },
      { answer: '<p><code>while</code></p>', point: 0 },
      { answer: '<p><code>do … while</code></p>', point: 1 },
    ],
    solution: '<p><code>do … while</code> checks its condition after the body.</p>',
  },
  {
    questions_type: 'multiple_answers',
    question: '<p>Which of these are <em>loops</em> in C? Choose every one that is.</p>',
    answers: [
      { answer: '<p><code>for</code></p>', point: 1 },
      { answer: '<p><code>while</code></p>', point: 1 },
      { answer: '<p><code>if</code></p>', point: 0 },
      { answer: '<p><code>switch</code></p>', point: 0 },
    ],
    solution: '<p><code>if</code> and <code>switch</code> branch; they do not repeat.</p>',
  },
  {
    questions_type: 'true_false',
    question: '<p>An <code>if</code> statement may have several <code>else if</code> branches.</p>',
    answers: [
      { answer: 'True', point: 1 },
      { answer: 'False', point: 0 },
    ],
  },
  {
    questions_type: 'exact',
    question: '<p>How many times does <code>for (i = 0; i &lt; 5; i++)</code> run its body?</p>',
    answers: [{ exact_answer: '5', tolerance: 0, decimal_place: 0, point: 1 }],
    solution: '<p>i takes the values 0, 1, 2, 3 and 4: five times.</p>',
  },
  {
    questions_type: 'parameterized',
    question: '<p>A robot moves at {v} metres per second for {t} seconds. How many metres does it cover?</p>',
    data_set_id: dataSetId,
    answers: [{ formula: 'v * t', decimal_place: 0, tolerance: 0, point: 1 }],
    solution: '<p>Distance = speed × time.</p>',
  },
  {
    questions_type: 'parameterized_multiple_choices',
    question: '<p>A loop adds {v} to a total, starting at 0, and runs {t} times. What is the total?</p>',
    data_set_id: dataSetId,
    answers: [
      { answer: 'v * t', formula: 'v * t', decimal_place: 0, point: 1 },
      { answer: 'v + t', formula: 'v + t', decimal_place: 0, point: 0 },
      { answer: 'v * (t - 1)', formula: 'v * (t - 1)', decimal_place: 0, point: 0 },
    ],
  },
  {
    questions_type: 'multiple_choices',
    question:
      '<p>The chart shows how many times three loops ran their bodies. Which loop ran most often?</p>' +
      `<p><img src="${image}" alt="Bar chart: loop A ran 3 times, loop B 7 times, loop C 5 times"></p>`,
    answers: [
      { answer: '<p>Loop A</p>', point: 0 },
      { answer: '<p>Loop B</p>', point: 1 },
      { answer: '<p>Loop C</p>', point: 0 },
    ],
  },
  {
    questions_type: 'essay',
    question:
      '<p>Explain, with a short example, when you would choose <code>while</code> over <code>for</code>.</p>',
    solution:
      '<p>When the number of repetitions is not known in advance, e.g. reading until the input ends.</p>',
  },
];

/**
 * The demo campus's exam (`npm start`): a published quiz in IF101, open from an hour ago (or from
 * the campus's midnight, when that is later, so it opens today on the campus's agenda) for 30 days, 45 minutes per attempt, two attempts, score and solutions shown after finishing — with a
 * question of each of the seven types (the calculated ones on a generated dataset) and one about a
 * stored picture, so student1
 * can take it and see it graded; student2 and student3 have taken it already (one essay graded, one
 * waiting: `seedDemoAttempts`). Made through the service's own operations as the course's
 * lecturer (validation, events). Waits (throws) until identity's users and course's IF101 with its
 * staff and students have arrived by event; does nothing when the exam exists.
 */
export async function seedExamDemo(
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
        AND EXISTS (SELECT 1 FROM course_students st JOIN users s ON s.id = st.user_id
                     WHERE st.course_id = c.id AND st.enrolled AND s.username = $3)`,
      [tenantId, DEMO_COURSE_CODE, DEMO_STUDENT],
    );
  if (!ready)
    throw new Error(`the demo course ${DEMO_COURSE_CODE} with its lecturer and students is not here yet`);
  const courseId = Number(ready.course_id);
  const existing: unknown[] = await dataSource.query(
    `SELECT 1 FROM exams WHERE course_id = $1 AND name = $2`,
    [courseId, DEMO_EXAM_NAME],
  );
  if (existing.length > 0) return { created: false };

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
  const campusMidnight = parseWireDate(wire(new Date(now)).slice(0, 10), auth.timeZone).getTime();
  const exam = await app.get(ExamsService).create(
    auth,
    validateWith(
      examCreateRules,
      {
        course_id: courseId,
        name: DEMO_EXAM_NAME,
        exams_type: 'quiz',
        intro:
          // plain text: the editor writes it in a text area and the lobby shows it as written
          'Eight short questions on branching and loops, of every kind the platform offers. ' +
          'You have 45 minutes and two attempts; your score and the solutions are shown when you finish.',
        start_at: wire(new Date(Math.max(now - 60 * 60_000, campusMidnight))),
        end_at: wire(new Date(now + 30 * 24 * 60 * 60_000)),
        passing_grade: 60,
        is_published: true,
        is_duration: true,
        duration: 45,
        retry: 1,
        is_back: true,
        is_show_score: true,
        is_show_solution: true,
        final_score_type: 'highest',
      },
      { timeZone: auth.timeZone },
    ),
  );

  const datasets = app.get(DataSetsService);
  const dataSet = await datasets.create(auth, { course_id: courseId, name: 'Speed and time' });
  await datasets.addVariable(auth, {
    data_set_id: dataSet.id,
    name: 'v',
    min_value: 2,
    max_value: 12,
    decimal_place: 0,
  });
  await datasets.addVariable(auth, {
    data_set_id: dataSet.id,
    name: 't',
    min_value: 3,
    max_value: 9,
    decimal_place: 0,
  });
  await datasets.generate(auth, dataSet.id, 20, 2026);

  // The picture of the chart question: a real PNG in the exam store, recorded as the lecturer's.
  const name = randomUUID();
  const key = `exam/${tenantId}/${courseId}/images/${name}`;
  const png = barChartPng([
    { height: 30, colour: [37, 99, 235] },
    { height: 70, colour: [22, 163, 74] },
    { height: 50, colour: [234, 88, 12] },
  ]);
  const stored = await app
    .get<BlobStorage>(BLOB_STORAGE)
    .put(key, png, { contentType: 'image/png', maxBytes: png.length });
  await dataSource.getRepository(ExamImage).insert({
    blobKey: key,
    tenantId,
    courseId,
    addedBy: auth.userId,
    size: stored.size,
    mime: 'image/png',
  });

  const service = app.get(QuestionsService);
  for (const input of questions(Number(dataSet.id), questionImagePath(courseId, name)))
    await service.create(
      auth,
      validateWith(questionCreateRules, { exam_id: Number(exam.id), weight: 1, ...input }),
    );
  await seedDemoAttempts(app, auth, Number(exam.id));
  return { created: true };
}
