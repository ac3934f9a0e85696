import type { ServiceHarness } from '@lms/testing';
import type { Rubric } from '@lms/rubrics';

/**
 * What grading works on, written as the task and answer APIs store it: a course with its staff,
 * classes and students (by their events), tasks, groups and answers (rows).
 */
export class GradingFixtures {
  constructor(private readonly h: ServiceHarness) {}

  /**
   * A course with a lecturer, an assistant, class A (student, classmate, third) and class B
   * (fourth), and outsiders: a lecturer of the campus who does not teach it, a student of the
   * campus not in it, a lecturer of another campus.
   */
  async course(tenantId = 1) {
    const h = this.h;
    const named = (role: 'lecturer' | 'student', name: string, nim: string | null = null) =>
      h.given.user(tenantId, role, { name, nim });
    const lecturer = await named('lecturer', 'Dr. Lecturer');
    const assistant = await named('lecturer', 'Assistant');
    const student = await named('student', 'Ana Lestari', '2201');
    const classmate = await named('student', 'Budi Santoso', '2202');
    const third = await named('student', 'Citra Dewi', '2203');
    const fourth = await named('student', 'Dodi Pratama', '2204');
    const stranger = await named('lecturer', 'Stranger');
    const outsider = await named('student', 'Outsider', '9999');
    const elsewhere = await h.given.user(tenantId + 1, 'lecturer');
    const [classA, classB] = [h.nextId(), h.nextId()];
    const course = await h.project('course.course.upserted', tenantId, {
      classes: [
        { id: classA, name: 'A' },
        { id: classB, name: 'B' },
      ],
    });
    await h.given.staff(tenantId, {
      courseId: course.id,
      lecturerId: lecturer.id,
      assistants: [{ userId: assistant.id, isCoordinator: false }],
    });
    for (const [user, classId] of [
      [student, classA],
      [classmate, classA],
      [third, classA],
      [fourth, classB],
    ] as const)
      await h.given.enrolment(tenantId, { courseId: course.id, classId, userId: user.id });
    return {
      tenantId,
      course,
      classA,
      classB,
      lecturer,
      assistant,
      student,
      classmate,
      third,
      fourth,
      stranger,
      outsider,
      elsewhere,
      asLecturer: await h.as(lecturer),
      asAssistant: await h.as(assistant),
      asStudent: await h.as(student),
      asClassmate: await h.as(classmate),
      asThird: await h.as(third),
      asFourth: await h.as(fourth),
      asStranger: await h.as(stranger),
      asOutsider: await h.as(outsider),
      asElsewhere: await h.as(elsewhere),
    };
  }

  /** A task of the course (personal, scored by number, every class, started, ending in a week unless told). */
  async task(
    c: { tenantId: number; course: { id: number }; lecturer: { id: number } },
    fields: {
      name?: string;
      taskType?: 'PERSONAL' | 'GROUP';
      assessmentMethod?: 'score' | 'rubric';
      rubric?: Rubric | null;
      studentPercentage?: number | null;
      lecturerPercentage?: number | null;
      isAssessmentOpen?: boolean;
      showScore?: boolean;
      passingGrade?: number;
      allClass?: boolean;
      classIds?: number[];
      endAt?: Date | null;
      deleted?: boolean;
    } = {},
  ) {
    const [row]: Array<{ id: string }> = await this.h.ds.query(
      `INSERT INTO tasks (tenant_id, course_id, taskable_type, taskable_id, name, start_at, end_at, assessment_method,
                          rubric, task_type, student_percentage, lecturer_percentage, is_assessment_open, show_score,
                          passing_grade, all_class, created_by, deleted_at)
       VALUES ($1, $2, 'module', 1, $3, now() - interval '1 day', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
               CASE WHEN $15 THEN now() END)
       RETURNING id`,
      [
        c.tenantId,
        c.course.id,
        fields.name ?? 'Essay',
        fields.endAt === undefined ? new Date(Date.now() + 7 * 86_400_000) : fields.endAt,
        fields.assessmentMethod ?? 'score',
        fields.rubric ? JSON.stringify(fields.rubric) : null,
        fields.taskType ?? 'PERSONAL',
        fields.studentPercentage ?? null,
        fields.lecturerPercentage ?? null,
        fields.isAssessmentOpen ?? false,
        fields.showScore ?? false,
        fields.passingGrade ?? 60,
        fields.allClass ?? true,
        c.lecturer.id,
        fields.deleted ?? false,
      ],
    );
    const id = Number(row.id);
    for (const classId of fields.classIds ?? [])
      await this.h.ds.query(`INSERT INTO task_classes (task_id, class_id) VALUES ($1, $2)`, [id, classId]);
    return id;
  }

  /** A group of a task with its members. */
  async group(tenantId: number, taskId: number, name: string, memberIds: number[]) {
    const [row]: Array<{ id: string }> = await this.h.ds.query(
      `INSERT INTO task_groups (tenant_id, task_id, name) VALUES ($1, $2, $3) RETURNING id`,
      [tenantId, taskId, name],
    );
    for (const studentId of memberIds)
      await this.h.ds.query(
        `INSERT INTO task_group_members (group_id, student_id, task_id) VALUES ($1, $2, $3)`,
        [row.id, studentId, taskId],
      );
    return Number(row.id);
  }

  /** An answer of a student or a group: sent (on time) unless told. */
  async answer(
    tenantId: number,
    taskId: number,
    owner: { studentId: number } | { groupId: number; by: number },
    fields: { isSent?: boolean; isLate?: boolean; score?: number | null } = {},
  ) {
    const sent = fields.isSent ?? true;
    const [row]: Array<{ id: string }> = await this.h.ds.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, group_id, answer, is_sent, sent_at, is_late,
                                 updated_by, score, scored_at)
       VALUES ($1, $2, $3, $4, 'My answer', $5, CASE WHEN $5 THEN now() END, $6, $7, $8,
               CASE WHEN $8::numeric IS NOT NULL THEN now() END)
       RETURNING id`,
      [
        tenantId,
        taskId,
        'studentId' in owner ? owner.studentId : null,
        'groupId' in owner ? owner.groupId : null,
        sent,
        fields.isLate ?? false,
        'studentId' in owner ? owner.studentId : owner.by,
        fields.score ?? null,
      ],
    );
    return Number(row.id);
  }
}

/** Report 40 %, code 35 % (a range level 50–79), presentation 25 % (docs/task-scoring.md). */
export const ESSAY_RUBRIC: Rubric = {
  name: 'Essay',
  criteria: [
    {
      name: 'Report',
      description: null,
      weight: 40,
      levels: [
        { name: 'Poor', point: 40, point_min: 0, point_max: 0, description: null },
        { name: 'Good', point: 80, point_min: 0, point_max: 0, description: null },
        { name: 'Excellent', point: 100, point_min: 0, point_max: 0, description: null },
      ],
    },
    {
      name: 'Code',
      description: null,
      weight: 35,
      levels: [
        { name: 'Missing', point: 0, point_min: 0, point_max: 0, description: null },
        { name: 'Works partly', point: 0, point_min: 50, point_max: 79, description: null },
        { name: 'Works', point: 100, point_min: 0, point_max: 0, description: null },
      ],
    },
    {
      name: 'Presentation',
      description: null,
      weight: 25,
      levels: [
        { name: 'Weak', point: 50, point_min: 0, point_max: 0, description: null },
        { name: 'Clear', point: 90, point_min: 0, point_max: 0, description: null },
      ],
    },
  ],
};
