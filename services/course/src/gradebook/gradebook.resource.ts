import { defineResource, z } from '@lms/jsonapi';
import type { GradeableType } from './gradebook.entity';
import { GRADEABLE_TYPES } from './gradebook.entity';

/** A weight as `/course/grades` answers it, with its gradeable's current title (null: gone). */
export interface GradeRow {
  id: number;
  courseId: number;
  gradeableType: GradeableType;
  gradeableId: number;
  percentage: number;
  title: string | null;
}

export const gradeResource = defineResource({
  name: 'Grade',
  type: 'grades',
  schema: {
    course_id: z.int(),
    gradeable_type: z.enum(GRADEABLE_TYPES),
    gradeable_id: z.int(),
    percentage: z.number(),
    title: z.string().nullable(),
  },
  attributes: (grade: GradeRow) => ({
    course_id: grade.courseId,
    gradeable_type: grade.gradeableType,
    gradeable_id: grade.gradeableId,
    percentage: grade.percentage,
    title: grade.title,
  }),
});

export interface BandRow {
  id: number;
  courseId: number;
  index: string;
  min: number;
  max: number;
}

export const bandResource = defineResource({
  name: 'IndexBand',
  type: 'index',
  schema: { course_id: z.int(), index: z.string(), min: z.number(), max: z.number() },
  attributes: (band: BandRow) => ({
    course_id: band.courseId,
    index: band.index,
    min: band.min,
    max: band.max,
  }),
});

export interface ActivityRow {
  id: number;
  courseId: number;
  title: string;
  createdAt: Date;
}

export const activityResource = defineResource({
  name: 'CourseActivity',
  type: 'courseactivities',
  schema: { course_id: z.int(), title: z.string(), created_at: z.date() },
  attributes: (activity: ActivityRow) => ({
    course_id: activity.courseId,
    title: activity.title,
    created_at: activity.createdAt,
  }),
});

export interface ActivityScoreRow {
  activityId: number;
  studentId: number;
  score: number | null;
}

export const activityScoreResource = defineResource({
  name: 'CourseActivityScore',
  type: 'courseactivity-scores',
  schema: { student_id: z.int(), score: z.number().nullable() },
  id: (row: ActivityScoreRow) => `${row.activityId}:${row.studentId}`,
  attributes: (row: ActivityScoreRow) => ({ student_id: row.studentId, score: row.score }),
});

/** One student's row of the grid. */
export interface GradebookRow {
  studentId: number;
  name: string;
  username: string;
  nim: string | null;
  classId: number | null;
  className: string | null;
  scores: Record<string, number | null>;
  finalScore: number;
  index: string | null;
}

export const gradebookRowResource = defineResource({
  name: 'GradebookRow',
  type: 'gradebook-rows',
  schema: {
    student_id: z.int(),
    name: z.string(),
    username: z.string(),
    nim: z.string().nullable(),
    class_id: z.int().nullable(),
    class_name: z.string().nullable(),
    scores: z.record(z.string(), z.number().nullable()),
    final_score: z.number(),
    index: z.string().nullable(),
  },
  id: (row: GradebookRow) => row.studentId,
  attributes: (row: GradebookRow) => ({
    student_id: row.studentId,
    name: row.name,
    username: row.username,
    nim: row.nim,
    class_id: row.classId,
    class_name: row.className,
    scores: row.scores,
    final_score: row.finalScore,
    index: row.index,
  }),
});

/** A column of the grid: a gradeable of the course, weighted or not. */
export const GRADEBOOK_COLUMN = z.object({
  key: z.string(),
  gradeable_type: z.enum(GRADEABLE_TYPES),
  gradeable_id: z.int(),
  title: z.string(),
  percentage: z.number(),
  grade_id: z.int().nullable(),
});
export type GradebookColumn = z.infer<typeof GRADEBOOK_COLUMN>;

export const GRADEBOOK_META = z.object({
  columns: z.array(GRADEBOOK_COLUMN),
  bands: z.array(z.object({ index: z.string(), min: z.number(), max: z.number() })),
  published: z.boolean(),
  weights_total: z.number(),
  class_id: z.int().nullable(),
  course_id: z.int(),
  total: z.int(),
});

export interface GradebookExport {
  id: string;
  url: string;
  filename: string;
}

export const gradebookExportResource = defineResource({
  name: 'GradebookExport',
  type: 'gradebook-exports',
  schema: { url: z.string(), filename: z.string() },
  attributes: (row: GradebookExport) => ({ url: row.url, filename: row.filename }),
});
