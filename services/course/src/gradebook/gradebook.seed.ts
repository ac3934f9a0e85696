import type { DataSource, EntityManager } from 'typeorm';
import { CustomActivity, CustomActivityScore, Grade, IndexBand } from './gradebook.entity';

/** The demo's A–E scale with plus and minus steps, as the web client offers it to start from. */
const DEMO_BANDS: ReadonlyArray<readonly [index: string, min: number, max: number]> = [
  ['A', 85, 100],
  ['A-', 80, 84.99],
  ['B+', 75, 79.99],
  ['B', 70, 74.99],
  ['B-', 65, 69.99],
  ['C+', 60, 64.99],
  ['C', 55, 59.99],
  ['D', 40, 54.99],
  ['E', 0, 39.99],
];

/** The weights of the demo course's gradeables, summing to 100. */
export const DEMO_WEIGHTS = {
  /** the demo exam (the exam service's quiz) */
  exam: 30,
  /** the demo tasks in creation order (the personal essay, the group project) */
  tasks: [20, 20],
  logbook: 10,
  participation: 20,
} as const;

const PARTICIPATION_SCORES: Readonly<Record<string, number>> = { student1: 88, student2: 76, student3: 92 };

/**
 * The course's own part of the demo gradebook of IF101: the custom activity "Class participation"
 * with a score typed for each demo student, the A–E bands, and the weights of the activity and of
 * the lab logbook. The exam's and the tasks' weights wait for their projections
 * (`seedDemoGradebookWeights`).
 */
export async function seedDemoGradebook(
  manager: EntityManager,
  input: {
    tenantId: number;
    courseId: number;
    logbookId: number;
    lecturerId: number;
    students: ReadonlyMap<string, number>;
  },
): Promise<void> {
  const { tenantId, courseId } = input;
  const participation = await manager.save(
    manager.create(CustomActivity, { tenantId, courseId, title: 'Class participation' }),
  );
  await manager.insert(
    CustomActivityScore,
    Object.entries(PARTICIPATION_SCORES).map(([username, score]) => ({
      activityId: participation.id,
      studentId: input.students.get(username)!,
      score,
      updatedBy: input.lecturerId,
    })),
  );
  await manager.insert(
    IndexBand,
    DEMO_BANDS.map(([index, min, max]) => ({ tenantId, courseId, index, min, max })),
  );
  await manager.insert(Grade, [
    {
      tenantId,
      courseId,
      gradeableType: 'forms',
      gradeableId: input.logbookId,
      percentage: DEMO_WEIGHTS.logbook,
    },
    {
      tenantId,
      courseId,
      gradeableType: 'courseactivities',
      gradeableId: participation.id,
      percentage: DEMO_WEIGHTS.participation,
    },
  ]);
}

/**
 * The weights of IF101's demo exam and tasks, once the exam and task services' demo data reached
 * the course service by event (they are seeded after the course): `waiting` while their
 * projections are not all here, `done` when set now or before, `none` without a demo course.
 */
export async function seedDemoGradebookWeights(
  dataSource: DataSource,
  tenantId: number,
): Promise<'waiting' | 'done' | 'none'> {
  return dataSource.transaction(async (manager) => {
    const [course]: Array<{ id: number }> = await manager.query(
      `SELECT id FROM courses WHERE tenant_id = $1 AND code = 'IF101' FOR UPDATE`,
      [tenantId],
    );
    if (!course) return 'none';
    const weighed: Array<{ one: number }> = await manager.query(
      `SELECT 1 AS one FROM grades WHERE course_id = $1 AND gradeable_type IN ('exams', 'tasks') LIMIT 1`,
      [course.id],
    );
    if (weighed.length > 0) return 'done';
    const ids = async (table: 'exam_projections' | 'task_projections') =>
      (
        (await manager.query(
          `SELECT id FROM ${table} WHERE course_id = $1 AND tenant_id = $2 AND NOT deleted ORDER BY id`,
          [course.id, tenantId],
        )) as Array<{ id: number }>
      ).map((row) => Number(row.id));
    const [exams, tasks] = [await ids('exam_projections'), await ids('task_projections')];
    if (exams.length < 1 || tasks.length < DEMO_WEIGHTS.tasks.length) return 'waiting';
    await manager.insert(Grade, [
      {
        tenantId,
        courseId: course.id,
        gradeableType: 'exams',
        gradeableId: exams[0],
        percentage: DEMO_WEIGHTS.exam,
      },
      ...DEMO_WEIGHTS.tasks.map((percentage, at) => ({
        tenantId,
        courseId: course.id,
        gradeableType: 'tasks' as const,
        gradeableId: tasks[at],
        percentage,
      })),
    ]);
    return 'done';
  });
}
