import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { Faculty } from './faculty.entity';

export const facultyResource = defineResource({
  name: 'Faculty',
  type: 'faculties',
  schema: { name: z.string(), code: z.string().nullable(), created_at: z.date(), updated_at: z.date() },
  attributes: (faculty: Faculty) => ({
    name: faculty.name,
    code: faculty.code,
    created_at: faculty.createdAt,
    updated_at: faculty.updatedAt,
  }),
});

export const facultyQuery: QuerySpec = {
  filters: {
    id: { column: 'faculty.id', type: 'integer', ops: ['is', 'in'] },
    name: { column: 'faculty.name', type: 'string', ops: ['is', 'like'] },
    code: { column: 'faculty.code', type: 'string', ops: ['is', 'in'] },
  },
  sorts: { id: 'faculty.id', name: 'faculty.name', code: 'faculty.code' },
  defaultSort: 'name',
  /** Spec §9 (document 3): faculties 20 a page. */
  defaultLimit: 20,
  maxLimit: 500,
};
