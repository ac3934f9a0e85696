import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { ApproversService } from '../approvers/approvers.service';
import { CoursePlansService } from '../courseplans/course-plans.service';
import type { StageInput } from '../plans/rps.rules';
import { RpsService } from '../plans/rps.service';
import type { StageSlug } from '../plans/stages';

const DEMO_COURSE_CODE = 'IF101';
const DAY = 24 * 3_600_000;

const week = (n: number, topic: string, subCpmk: string, weight: number) => ({
  week: n,
  sub_cpmk: subCpmk,
  topic,
  indicators:
    n === 8 || n === 16
      ? 'Answers the exam questions correctly'
      : `Explains and applies: ${topic.toLowerCase()}`,
  criteria: n === 8 || n === 16 ? 'Exam marking scheme' : 'Rubric of the weekly exercise',
  weight,
});

/** The weeks that carry marks: four exercise checkpoints, the midterm, the project, the final (100 in all). */
const WEEK_WEIGHTS: Record<number, number> = { 3: 5, 6: 5, 10: 5, 13: 5, 8: 25, 15: 20, 16: 35 };

const TOPICS = [
  'Problem solving and algorithms',
  'Flowcharts and pseudocode',
  'Variables, types and expressions',
  'Selection',
  'Repetition',
  'Arrays',
  'Tracing and testing programs',
  'Midterm exam',
  'Functions and procedures',
  'Recursion',
  'Strings',
  'Searching',
  'Sorting',
  'Records and files',
  'Project presentations',
  'Final exam',
];

/** The demo plan of IF101, curriculum 2024: every stage filled. */
const STAGES: { [S in StageSlug]: StageInput<S> } = {
  'informasi-umum-mk': {
    notes: 'Prerequisite: none. 3 credits (2 lecture, 1 lab). Lab sessions in the computer laboratory.',
    description_mk:
      'Students learn to solve problems with algorithms: from flowcharts and pseudocode to working, tested programs using selection, repetition, arrays, functions and recursion.',
    kebijakan_ai:
      'AI assistants may be used to explain concepts and error messages; submitted code must be written and understood by the student, and any AI help is declared.',
  },
  'bahan-kajian': {
    topics: [
      { name: 'Algorithmic problem solving', description: 'Decomposition, flowcharts, pseudocode' },
      { name: 'Control structures', description: 'Selection and repetition' },
      { name: 'Data structures', description: 'Arrays, strings, records' },
      { name: 'Modularity', description: 'Functions, procedures, recursion' },
    ],
  },
  cpl: {
    cpl: [
      { code: 'CPL-03', description: 'Able to design and implement computational solutions to problems.' },
      { code: 'CPL-07', description: 'Able to work in teams and communicate technical work.' },
    ],
  },
  cpmk: {
    cpmk: [
      {
        code: 'CPMK-1',
        description: 'Writes correct algorithms for simple problems.',
        cpl: ['CPL-03'],
        sub_cpmk: [
          { code: 'Sub-CPMK-1.1', description: 'Describes an algorithm as a flowchart or pseudocode.' },
          { code: 'Sub-CPMK-1.2', description: 'Uses selection and repetition correctly.' },
        ],
      },
      {
        code: 'CPMK-2',
        description: 'Builds modular programs with arrays and functions.',
        cpl: ['CPL-03', 'CPL-07'],
        sub_cpmk: [
          { code: 'Sub-CPMK-2.1', description: 'Decomposes a program into functions.' },
          { code: 'Sub-CPMK-2.2', description: 'Searches and sorts arrays.' },
        ],
      },
    ],
  },
  rujukan: {
    references: [
      {
        type: 'main',
        citation: 'Cormen, Leiserson, Rivest, Stein. Introduction to Algorithms, 4th ed. MIT Press, 2022.',
      },
      { type: 'supporting', citation: 'Downey. Think Python, 2nd ed. O’Reilly, 2015.' },
    ],
  },
  evaluasi: {
    evaluations: [
      { name: 'Weekly exercises', cpmk: ['CPMK-1', 'CPMK-2'], weight: 20 },
      { name: 'Project', cpmk: ['CPMK-2'], weight: 20 },
      { name: 'Midterm exam', cpmk: ['CPMK-1'], weight: 25 },
      { name: 'Final exam', cpmk: ['CPMK-1', 'CPMK-2'], weight: 35 },
    ],
  },
  'rps-utama': {
    weeks: TOPICS.map((topic, index) => {
      const n = index + 1;
      const sub =
        n <= 2 ? 'Sub-CPMK-1.1' : n <= 7 ? 'Sub-CPMK-1.2' : n <= 11 ? 'Sub-CPMK-2.1' : 'Sub-CPMK-2.2';
      return week(n, topic, sub, WEEK_WEIGHTS[n] ?? 0);
    }),
  },
  'rps-metode-pembelajaran': {
    methods: TOPICS.map((topic, index) => ({
      week: index + 1,
      method_offline: topic.endsWith('exam') ? 'Written exam' : 'Lecture, lab exercise',
      method_online: topic.endsWith('exam') ? '' : 'Quiz and discussion forum in the LMS',
    })),
  },
  'rps-waktu-pembelajaran': {
    times: TOPICS.map((_, index) => ({
      week: index + 1,
      face_to_face_minutes: 150,
      structured_minutes: 180,
      independent_minutes: 180,
    })),
  },
  'rps-lce': {
    lce: TOPICS.map((topic, index) => ({
      week: index + 1,
      learning_experience: topic.endsWith('exam')
        ? 'Individual written exam'
        : `Students work in pairs on a lab exercise about ${topic.toLowerCase()} and present one solution.`,
    })),
  },
  'rps-penggunaan-ai': {
    ai_use: TOPICS.map((topic, index) => ({
      week: index + 1,
      ai_use: topic.endsWith('exam') ? 'Not allowed' : 'Allowed for explanations; declared in the submission',
    })),
  },
};

/**
 * The demo campus's plans (`npm start`), made through the service's own operations: kaprodi named
 * approver; IF101's semester plan for curriculum 2024 with every stage filled, submitted and
 * approved by kaprodi (the public
 * preview at /pages/preview-rps/IF101/2024), a draft for curriculum 2025 with its general
 * information only, and IF101's course plan with three stages. Waits (throws) until IF101 with its
 * lecturer, the administrator and kaprodi have arrived by event; does nothing when the campus has plans.
 */
export async function seedRpsDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const [ready]: Array<{
    course_id: string;
    period_id: string;
    time_zone: string;
    lecturer: string;
    admin: string;
    kaprodi: string;
  }> = await dataSource.query(
    `SELECT c.id AS course_id, c.period_id, t.time_zone, lecturer.id AS lecturer, admin.id AS admin,
            kaprodi.id AS kaprodi
       FROM courses c
       JOIN tenants t ON t.id = c.tenant_id
       JOIN users lecturer ON lecturer.tenant_id = c.tenant_id AND lecturer.username = 'lecturer'
       JOIN course_staff cs ON cs.course_id = c.id AND cs.user_id = lecturer.id
       JOIN users admin ON admin.tenant_id = c.tenant_id AND admin.username = 'admin'
       JOIN users kaprodi ON kaprodi.tenant_id = c.tenant_id AND kaprodi.username = 'kaprodi'
      WHERE c.tenant_id = $1 AND c.code = $2`,
    [tenantId, DEMO_COURSE_CODE],
  );
  if (!ready)
    throw new Error(
      `the demo course ${DEMO_COURSE_CODE} with its lecturer, the admin and kaprodi are not here yet`,
    );
  const existing: unknown[] = await dataSource.query(
    `SELECT 1 FROM semester_plans WHERE tenant_id = $1 LIMIT 1`,
    [tenantId],
  );
  if (existing.length > 0) return { created: false };

  const person = (id: string, role: AuthContext['role']): AuthContext => ({
    userId: Number(id),
    tenantId,
    role,
    studentId: null,
    lecturerId: null,
    sessionId: 'demo-seed',
    timeZone: ready.time_zone,
  });
  const lecturer = person(ready.lecturer, 'lecturer');
  const admin = person(ready.admin, 'admin');
  const kaprodi = person(ready.kaprodi, 'lecturer');
  await app.get(ApproversService).add(admin, kaprodi.userId);
  const courseId = Number(ready.course_id);
  const rps = app.get(RpsService);
  const window = { rps_start: new Date(Date.now() - DAY), rps_end: new Date(Date.now() + 180 * DAY) };

  const approved = await rps.create(admin, { course_id: courseId, curriculum: '2024', ...window });
  for (const slug of Object.keys(STAGES) as StageSlug[])
    await rps.saveStage(lecturer, approved.id, slug, STAGES[slug]);
  await rps.submit(lecturer, approved.id);
  await rps.decide(kaprodi, approved.id, { decision: 'approve' });

  const draft = await rps.create(admin, { course_id: courseId, curriculum: '2025', ...window });
  await rps.saveStage(lecturer, draft.id, 'informasi-umum-mk', STAGES['informasi-umum-mk']);

  const plans = app.get(CoursePlansService);
  const plan = await plans.create(lecturer, {
    code: DEMO_COURSE_CODE,
    period_id: Number(ready.period_id),
    name_ina: 'Algoritma dan Pemrograman',
    name_en: 'Algorithms and Programming',
    type: 'compulsory',
    credit: 3,
    credit_default: 2,
    credit_practice: 1,
    description_en: STAGES['informasi-umum-mk'].description_mk ?? '',
    major_leader: 'Head of the Informatics programme',
    outputs: [
      { id: 1, description: 'Algorithms for simple problems' },
      { id: 2, description: 'A modular program' },
    ],
    sub_outputs: [
      { id: 1, output_id: 1, description: 'Flowcharts and pseudocode' },
      { id: 2, output_id: 1, description: 'Programs with selection and repetition' },
      { id: 3, output_id: 2, description: 'Functions and arrays' },
    ],
  });
  for (const [topic, output] of [
    ['Problem solving and algorithms', 1],
    ['Selection and repetition', 1],
    ['Functions and arrays', 2],
  ] as const)
    await plans.createStage(lecturer, {
      course_plan_id: plan.id,
      topic,
      course_plan_output_id: output,
      credit: 3,
    });
  return { created: true };
}
