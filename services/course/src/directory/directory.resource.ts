import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { UserProjection } from '../users/user-projection.entity';

/** A student as listed for staff: the user, and their class when listed within a course. */
export interface StudentRow {
  user: UserProjection;
  classId: number | null;
  className: string | null;
  courseId: number | null;
}

/** A student as their course's staff (and admins) see them. */
export const studentResource = defineResource({
  name: 'Student',
  type: 'students',
  schema: {
    user_id: z.int(),
    name: z.string(),
    username: z.string(),
    code: z.string().nullable(),
    nim: z.string().nullable(),
    email: z.string().nullable(),
    thumbnail: z.string().nullable(),
    course_id: z.int().nullable(),
    class_id: z.int().nullable(),
    class_name: z.string().nullable(),
  },
  id: (row: StudentRow) => row.user.id,
  attributes: (row: StudentRow) => ({
    user_id: row.user.id,
    name: row.user.name,
    username: row.user.username,
    code: row.user.nim,
    nim: row.user.nim,
    email: row.user.email,
    thumbnail: row.user.thumbnail,
    course_id: row.courseId,
    class_id: row.classId,
    class_name: row.className,
  }),
});

/** A student as a classmate sees them: name and avatar. */
export const classmateResource = defineResource({
  name: 'Classmate',
  type: 'students',
  schema: {
    user_id: z.int(),
    name: z.string(),
    thumbnail: z.string().nullable(),
    course_id: z.int().nullable(),
  },
  id: (row: StudentRow) => row.user.id,
  attributes: (row: StudentRow) => ({
    user_id: row.user.id,
    name: row.user.name,
    thumbnail: row.user.thumbnail,
    course_id: row.courseId,
  }),
});

export const studentQuery: QuerySpec = {
  filters: {
    user_id: { column: 'student.id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'student.name', type: 'string', ops: ['is', 'like'] },
    code: { column: 'student.nim', type: 'string', ops: ['is', 'like', 'in'] },
    nim: { column: 'student.nim', type: 'string', ops: ['is', 'like', 'in'] },
    username: { column: 'student.username', type: 'string', ops: ['is', 'like'] },
    class_id: { column: 'cl_f.id', type: 'integer', ops: ['is', 'in'] },
    course_id: { column: 'cl_f.course_id', type: 'integer', ops: ['is', 'in'] },
    period_id: { column: 'c_f.period_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { id: 'student.id', name: 'student.name', code: 'student.nim', nim: 'student.nim' },
  defaultSort: 'name',
};

export const lecturerQuery: QuerySpec = {
  filters: {
    id: { column: 'lecturer.id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'lecturer.name', type: 'string', ops: ['is', 'like'] },
    nidn: { column: 'lecturer.nidn', type: 'string', ops: ['is', 'like', 'in'] },
    username: { column: 'lecturer.username', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'lecturer.id', name: 'lecturer.name', nidn: 'lecturer.nidn' },
  includes: ['user'],
  defaultSort: 'name',
};

export const periodQuery: QuerySpec = {
  filters: {
    id: { column: 'period.id', type: 'integer', ops: ['is', 'in'] },
    is_active: { column: 'period.is_active', type: 'boolean', ops: ['is'] },
    year: { column: 'period.year', type: 'integer', int32: true },
    period_type: { column: 'period.type', type: 'string', ops: ['is', 'in'] },
    name: { column: 'period.name', type: 'string', ops: ['is', 'like'] },
  },
  sorts: { id: 'period.id', year: 'period.year', name: 'period.name', period_type: 'period.type' },
  defaultSort: '-year,period_type',
  maxLimit: 500,
};
