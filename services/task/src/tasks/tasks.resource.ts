import { defineResource, type QuerySpec, toMany, z } from '@lms/jsonapi';
import type { CourseClassProjection } from '@lms/projections';
import { storedFileSchema } from '@lms/storage';
import { rubricSchema } from '@lms/rubrics';
import { ASSESSMENT_METHODS, type Task, TASK_TYPES, TASKABLE_TYPES } from './task.entity';

/** A student's own answer (or their group's) to a task, as their list shows it. */
export interface MyAnswer {
  id: number;
  is_sent: boolean;
  is_late: boolean;
  /** Only when the task shows scores. */
  score?: number | null;
}

/** How far a task's students are, for its staff. */
export interface TaskCounts {
  students: number;
  sent: number;
  late: number;
  scored: number;
  /** Sent answers waiting for the staff: never scored, or sent again since their last score. */
  to_score: number;
}

/** A task with what the reader's request adds: its classes and groups, the reader's facts. */
export type ReadTask = Task & {
  classIds?: number[];
  groupIds?: number[];
  classes?: CourseClassProjection[];
  /** The reader is staff of its course (may edit it). */
  viewerStaff?: boolean;
  myAnswer?: MyAnswer | null;
  counts?: TaskCounts;
};

/** A class of the task's course. */
export const taskClassResource = defineResource({
  name: 'TaskClass',
  type: 'classes',
  schema: { course_id: z.int(), name: z.string() },
  attributes: (courseClass: CourseClassProjection) => ({
    course_id: Number(courseClass.courseId),
    name: courseClass.name,
  }),
});

/**
 * A task (spec 02 §3), in the spec's spellings (`assesment_method`, `tasks_type`,
 * `is_assesment_open`). `meta` carries the reader's facts: a student's `my_answer` (null before
 * they start), the staff's `counts`.
 */
export const taskResource = defineResource({
  name: 'Task',
  type: 'tasks',
  schema: {
    course_id: z.int(),
    taskable_type: z.enum(TASKABLE_TYPES),
    taskable_id: z.int(),
    name: z.string(),
    description: z.string().nullable(),
    start_at: z.date().nullable(),
    end_at: z.date().nullable(),
    files: z.array(storedFileSchema),
    is_active: z.boolean(),
    file_required: z.boolean(),
    is_lateable: z.boolean(),
    assesment_method: z.enum(ASSESSMENT_METHODS),
    rubric: rubricSchema.nullable(),
    tasks_type: z.enum(TASK_TYPES),
    student_percentage: z.number().nullable(),
    lecturer_percentage: z.number().nullable(),
    is_assesment_open: z.boolean(),
    show_score: z.boolean(),
    passing_grade: z.number(),
    all_class: z.boolean(),
    /** The classes it is for when not `all_class`. */
    class_ids: z.array(z.int()),
    /** Its groups (a GROUP task). */
    group_ids: z.array(z.int()),
    created_at: z.date(),
    updated_at: z.date(),
    deleted_at: z.date().nullable(),
    /** Whether the reader may change it (staff of its course). */
    can_edit: z.boolean(),
    meta: z.object({
      my_answer: z
        .object({
          id: z.int(),
          is_sent: z.boolean(),
          is_late: z.boolean(),
          score: z.number().nullable().optional(),
        })
        .nullable()
        .optional(),
      counts: z
        .object({ students: z.int(), sent: z.int(), late: z.int(), scored: z.int(), to_score: z.int() })
        .optional(),
    }),
  },
  attributes: (task: ReadTask) => ({
    course_id: Number(task.courseId),
    taskable_type: task.taskableType,
    taskable_id: Number(task.taskableId),
    name: task.name,
    description: task.description,
    start_at: task.startAt,
    end_at: task.endAt,
    files: task.files,
    is_active: task.isActive,
    file_required: task.fileRequired,
    is_lateable: task.isLateable,
    assesment_method: task.assessmentMethod,
    rubric: task.rubric,
    tasks_type: task.taskType,
    student_percentage: task.studentPercentage,
    lecturer_percentage: task.lecturerPercentage,
    is_assesment_open: task.isAssessmentOpen,
    show_score: task.showScore,
    passing_grade: task.passingGrade,
    all_class: task.allClass,
    class_ids: task.classIds ?? [],
    group_ids: task.groupIds ?? [],
    created_at: task.createdAt,
    updated_at: task.updatedAt,
    deleted_at: task.deletedAt,
    can_edit: task.viewerStaff === true,
    meta: {
      ...(task.myAnswer !== undefined ? { my_answer: task.myAnswer } : {}),
      ...(task.counts !== undefined ? { counts: task.counts } : {}),
    },
  }),
  relationships: {
    classes: toMany(
      () => taskClassResource,
      (task: ReadTask) => task.classes,
    ),
  },
});

/** `GET /course/tasks`: what may be filtered, sorted and included; latest end first by default. */
export const taskQuery: QuerySpec = {
  filters: {
    id: { column: 'task.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'task.course_id', type: 'integer', ops: ['is', 'in'] },
    taskable_type: { column: 'task.taskable_type', type: 'string', ops: ['is'] },
    taskable_id: { column: 'task.taskable_id', type: 'integer', ops: ['is', 'in'] },
    is_active: { column: 'task.is_active', type: 'boolean', ops: ['is'] },
    tasks_type: { column: 'task.task_type', type: 'string', ops: ['is'] },
    name: { column: 'task.name', type: 'string', ops: ['is', 'like'] },
    start_at: { column: 'task.start_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    end_at: { column: 'task.end_at', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
    /** `filter[homepage]=1`: the homepage's rule of spec 02 §6 for the reader (not a column). */
    homepage: { column: 'homepage', type: 'boolean', ops: ['is'] },
    /** `filter[trashed]=1`: the deleted tasks (their staff only), to restore one (not a column). */
    trashed: { column: 'trashed', type: 'boolean', ops: ['is'] },
  },
  sorts: {
    id: 'task.id',
    name: 'task.name',
    start_at: 'task.start_at',
    end_at: 'task.end_at',
    created_at: 'task.created_at',
    updated_at: 'task.updated_at',
  },
  includes: ['classes'],
  defaultSort: '-end_at',
};
