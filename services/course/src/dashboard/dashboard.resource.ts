import { defineResource, type QuerySpec, z } from '@lms/jsonapi';

/** Where a student's task stands: to send, sent back for a change, sent, or scored (score shown). */
export const DASHBOARD_TASK_STATUSES = ['not_sent', 'change_requested', 'sent', 'scored'] as const;

/** A task of the student's dashboard: due soon, with where their answer stands. */
export interface DashboardTask {
  id: number;
  name: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  status: (typeof DASHBOARD_TASK_STATUSES)[number];
  startAt: Date | null;
  endAt: Date | null;
  /** It ends today in the campus's time zone. */
  dueToday: boolean;
  /** Their score, only once the task shows scores. */
  score: number | null;
}

const course = {
  course_id: z.int(),
  course_name: z.string(),
  course_code: z.string().nullable(),
};

const courseOf = (item: { courseId: number; courseName: string; courseCode: string | null }) => ({
  course_id: item.courseId,
  course_name: item.courseName,
  course_code: item.courseCode,
});

export const dashboardTaskResource = defineResource({
  name: 'DashboardTask',
  type: 'dashboard-tasks',
  schema: {
    name: z.string(),
    ...course,
    status: z.enum(DASHBOARD_TASK_STATUSES),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    due_today: z.boolean(),
    score: z.number().nullable(),
  },
  attributes: (task: DashboardTask) => ({
    name: task.name,
    ...courseOf(task),
    status: task.status,
    start_at: task.startAt,
    end_at: task.endAt,
    due_today: task.dueToday,
    score: task.score,
  }),
});

/** What a released grade is of. */
export const GRADE_KINDS = ['exam', 'task'] as const;

/** A score released to the student: a task's that shows scores, an exam's that shows them. */
export interface DashboardGrade {
  kind: (typeof GRADE_KINDS)[number];
  itemId: number;
  name: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  score: number;
  isPassed: boolean | null;
  releasedAt: Date;
}

export const dashboardGradeResource = defineResource({
  name: 'DashboardGrade',
  type: 'dashboard-grades',
  id: (grade: DashboardGrade) => `${grade.kind}-${grade.itemId}`,
  schema: {
    kind: z.enum(GRADE_KINDS),
    item_id: z.int(),
    name: z.string(),
    ...course,
    score: z.number(),
    is_passed: z.boolean().nullable(),
    released_at: z.date(),
  },
  attributes: (grade: DashboardGrade) => ({
    kind: grade.kind,
    item_id: grade.itemId,
    name: grade.name,
    ...courseOf(grade),
    score: grade.score,
    is_passed: grade.isPassed,
    released_at: grade.releasedAt,
  }),
});

/** A student's progress in a course that tracks completion. */
export interface DashboardProgress {
  courseId: number;
  courseName: string;
  courseCode: string | null;
  completed: number;
  required: number;
  percentage: number;
}

export const dashboardProgressResource = defineResource({
  name: 'DashboardProgress',
  type: 'dashboard-progress',
  id: (progress: DashboardProgress) => progress.courseId,
  schema: {
    ...course,
    completed: z.int(),
    required: z.int(),
    /** completed / required × 100, two decimals (0 when nothing counts). */
    percentage: z.number(),
  },
  attributes: (progress: DashboardProgress) => ({
    ...courseOf(progress),
    completed: progress.completed,
    required: progress.required,
    percentage: progress.percentage,
  }),
});

/** An exam of a course the caller teaches that runs now, with how its attempts stand. */
export interface RunningExam {
  id: number;
  name: string;
  courseId: number;
  courseName: string;
  courseCode: string | null;
  startAt: Date | null;
  endAt: Date | null;
  /** Attempts started and not finished. */
  inProgress: number;
  /** Attempts finished. */
  finished: number;
}

export const runningExamResource = defineResource({
  name: 'RunningExam',
  type: 'running-exams',
  schema: {
    name: z.string(),
    ...course,
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    in_progress: z.int(),
    finished: z.int(),
  },
  attributes: (exam: RunningExam) => ({
    name: exam.name,
    ...courseOf(exam),
    start_at: exam.startAt,
    end_at: exam.endAt,
    in_progress: exam.inProgress,
    finished: exam.finished,
  }),
});

/** Every card's query: `filter[course_id]` (one of the caller's courses), a short page (5, at most 50). */
export const dashboardQuery: QuerySpec = {
  filters: { course_id: { column: 'card.course_id', type: 'integer', ops: ['is', 'in'] } },
  sorts: {},
  defaultLimit: 5,
  maxLimit: 50,
};
