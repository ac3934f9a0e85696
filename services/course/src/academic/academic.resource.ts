import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Course } from '../courses/course.entity';
import type { CourseImportReport } from './course-import';
import type { Period } from '../courses/period.entity';
import type { Faculty } from '../faculties/faculty.entity';
import { facultyQuery } from '../faculties/faculties.resource';
import { periodQuery } from '../directory/directory.resource';

/** A period as the campus's operators manage it. */
export const managedPeriodResource = defineResource({
  name: 'ManagedPeriod',
  type: 'periods',
  schema: {
    campus_id: z.int(),
    name: z.string(),
    year: z.int(),
    period_type: z.string(),
    is_active: z.boolean(),
  },
  attributes: (period: Period) => ({
    campus_id: period.tenantId,
    name: period.name,
    year: period.year,
    period_type: period.type,
    is_active: period.isActive,
  }),
});

export const managedPeriodQuery: QuerySpec = {
  ...periodQuery,
  filters: {
    ...periodQuery.filters,
    campus_id: { column: 'period.tenant_id', type: 'integer', ops: ['is', 'in'] },
  },
};

/** A faculty as the campus's operators manage it. */
export const managedFacultyResource = defineResource({
  name: 'ManagedFaculty',
  type: 'faculties',
  schema: {
    campus_id: z.int(),
    name: z.string(),
    code: z.string().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (faculty: Faculty) => ({
    campus_id: faculty.tenantId,
    name: faculty.name,
    code: faculty.code,
    created_at: faculty.createdAt,
    updated_at: faculty.updatedAt,
  }),
});

export const managedFacultyQuery: QuerySpec = {
  ...facultyQuery,
  filters: {
    ...facultyQuery.filters,
    campus_id: { column: 'faculty.tenant_id', type: 'integer', ops: ['is', 'in'] },
  },
};

/** A course as the campus's operators manage it: its place in the structure, staff and classes. */
export const managedCourseResource = defineResource({
  name: 'ManagedCourse',
  type: 'courses',
  schema: {
    campus_id: z.int(),
    name: z.string(),
    code: z.string().nullable(),
    description: z.string().nullable(),
    period_id: z.int().nullable(),
    faculty_id: z.int().nullable(),
    /** The lecturer in charge first, then the assistants (by user id). */
    lecturer_ids: z.array(z.int()),
    lecturer_id: z.int().nullable(),
    classes: z.array(z.object({ id: z.int(), name: z.string() })),
    is_active: z.boolean(),
    is_from_six: z.boolean(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (course: Course) => ({
    campus_id: course.tenantId,
    name: course.name,
    code: course.code,
    description: course.description,
    period_id: course.periodId,
    faculty_id: course.facultyId,
    lecturer_ids: [
      ...(course.lecturerId === null ? [] : [course.lecturerId]),
      ...(course.assistants ?? []).map((assistant) => assistant.userId).sort((a, b) => a - b),
    ],
    lecturer_id: course.lecturerId,
    classes: (course.classes ?? [])
      .map((courseClass) => ({ id: courseClass.id, name: courseClass.name }))
      .sort((a, b) => a.id - b.id),
    is_active: course.isActive,
    is_from_six: course.isFromSix,
    created_at: course.createdAt,
    updated_at: course.updatedAt,
  }),
});

export const managedCourseQuery: QuerySpec = {
  filters: {
    id: { column: 'course.id', type: 'integer', ops: ['is', 'in'] },
    campus_id: { column: 'course.tenant_id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'course.name', type: 'string', ops: ['is', 'like'] },
    code: { column: 'course.code', type: 'string', ops: ['is', 'like', 'in'] },
    period_id: { column: 'course.period_id', type: 'integer', ops: ['is', 'in', 'null'] },
    faculty_id: { column: 'course.faculty_id', type: 'integer', ops: ['is', 'in', 'null'] },
    lecturer_id: { column: 'course.lecturer_id', type: 'integer', ops: ['is', 'in', 'null'] },
    is_active: { column: 'course.is_active', type: 'boolean', ops: ['is'] },
  },
  sorts: { id: 'course.id', name: 'course.name', code: 'course.code', updated_at: 'course.updated_at' },
  defaultSort: 'code',
  maxLimit: 500,
};

const ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;

/** What an import of courses did, or in a dry run would do, row by row (as identity's user imports). */
export const courseImportResource = defineResource({
  name: 'CourseImport',
  type: 'course-imports',
  id: (report: CourseImportReport) => report.id,
  schema: {
    /** True: nothing was changed, the rows say what an import would do. */
    dry_run: z.boolean(),
    counts: z.object({ create: z.int(), update: z.int(), unchanged: z.int(), error: z.int() }),
    /** Every row holding a course, in the file's order; `row` as the spreadsheet numbers it. */
    rows: z.array(
      z.object({
        row: z.int(),
        code: z.string().nullable(),
        action: z.enum(ACTIONS),
        /** The course made or matched; null for one a dry run would create, or a bad row. */
        course_id: z.int().nullable(),
        problems: z.array(z.object({ column: z.string(), reason: z.string() })),
      }),
    ),
  },
  attributes: (report: CourseImportReport) => ({
    dry_run: report.dryRun,
    counts: report.counts,
    rows: report.rows,
  }),
});
