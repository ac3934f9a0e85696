import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { CourseSurveysService } from '../course-surveys/course-surveys.service';
import { ResponsesService } from '../course-surveys/responses.service';
import type { QuestionInput } from '../definitions/definitions.rules';
import { DefinitionsService } from '../definitions/definitions.service';

const DEMO_COURSE_CODE = 'IF101';
const DEMO_PEOPLE = ['lecturer', 'student1', 'student2'] as const;
type DemoPerson = (typeof DEMO_PEOPLE)[number];

const QUESTIONS: QuestionInput[] = [
  { text: 'The lecturer explains the material clearly', type: 'scale' },
  { text: 'The pace of the course suits me', type: 'scale' },
  {
    text: 'Which part helped you most?',
    type: 'single',
    options: ['Lectures', 'Lab sessions', 'Assignments'],
  },
  {
    text: 'Which materials do you use?',
    type: 'multiple',
    options: ['Slides', 'Videos', 'Textbook'],
    required: false,
  },
  { text: 'Suggestions for the course', type: 'text', required: false },
];

/**
 * The demo campus's survey (`npm start`), made through the service's own operations: the
 * lecturer's "Course feedback" survey on IF101, open to its students, answered by student1 and
 * student2; student3 has yet to answer it. IF101 has three students, fewer than the default
 * SURVEY_MIN_RESPONSES (5): the lecturer's results show the small-class rule (counts and response
 * rate, no breakdown) until the minimum is lowered (SURVEY_MIN_RESPONSES=2, or 3 once student3
 * has answered). Waits (throws) until identity's users and course's IF101 have arrived by event;
 * does nothing when the campus has surveys already.
 */
export async function seedSurveyDemo(
  app: INestApplicationContext,
  tenantId: number,
): Promise<{ created: boolean }> {
  const dataSource = app.get(DataSource);
  const [ready]: Array<{ course_id: string; time_zone: string }> = await dataSource.query(
    `SELECT c.id AS course_id, t.time_zone FROM courses c
       JOIN tenants t ON t.id = c.tenant_id
       JOIN users lecturer ON lecturer.tenant_id = c.tenant_id AND lecturer.username = 'lecturer'
       JOIN course_staff cs ON cs.course_id = c.id AND cs.user_id = lecturer.id
      WHERE c.tenant_id = $1 AND c.code = $2
        AND (SELECT count(DISTINCT s.username) FROM course_students st JOIN users s ON s.id = st.user_id
              WHERE st.course_id = c.id AND st.enrolled AND s.username IN ('student1', 'student2', 'student3')) = 3`,
    [tenantId, DEMO_COURSE_CODE],
  );
  if (!ready)
    throw new Error(`the demo course ${DEMO_COURSE_CODE} with its lecturer and students is not here yet`);
  const existing: unknown[] = await dataSource.query(`SELECT 1 FROM surveys WHERE tenant_id = $1 LIMIT 1`, [
    tenantId,
  ]);
  if (existing.length > 0) return { created: false };

  const courseId = Number(ready.course_id);
  const rows: Array<{ id: string; username: DemoPerson; role: AuthContext['role'] }> = await dataSource.query(
    `SELECT id, username, role FROM users WHERE tenant_id = $1 AND username = ANY($2::text[])`,
    [tenantId, DEMO_PEOPLE],
  );
  const people = Object.fromEntries(
    rows.map((row) => [
      row.username,
      {
        userId: Number(row.id),
        tenantId,
        role: row.role,
        studentId: null,
        lecturerId: null,
        sessionId: 'demo-seed',
        timeZone: ready.time_zone,
      } satisfies AuthContext,
    ]),
  ) as Record<DemoPerson, AuthContext>;
  const { lecturer, student1, student2 } = people;

  const survey = await app.get(DefinitionsService).create(lecturer, {
    name: 'Course feedback',
    description: 'Tell us how the course is going: your answers are anonymous.',
    questions: QUESTIONS,
  });
  await app.get(CourseSurveysService).attach(lecturer, { survey_id: survey.id, course_id: courseId });
  const questionIds = (survey.questions ?? []).map((question) => Number(question.id));
  const answered: Array<[AuthContext, Array<number | number[] | string>]> = [
    [student1, [5, 4, 1, [0, 1], 'More worked examples in the lab, please.']],
    [student2, [4, 3, 0, [0], 'The slides could be shared before each lecture.']],
  ];
  const responses = app.get(ResponsesService);
  for (const [student, values] of answered)
    await responses.submit(student, {
      course_id: courseId,
      survey_id: survey.id,
      answers: questionIds.map((question_id, i) => ({ question_id, value: values[i] })),
    });
  return { created: true };
}
