import { attributes, defineResource, field, z } from '@lms/jsonapi';
import { rubricField, rubricSchema } from '@lms/rubrics';
import type { Rubric } from '@lms/rubrics';

/** A template as listed: the bundled one (id `bundled-peer-review`) or a campus's (a row). */
export interface ReadRubricTemplate {
  id: string;
  name: string;
  rubric: Rubric;
  bundled: boolean;
  createdBy: number | null;
  createdAt: Date | null;
  updatedAt: Date | null;
  /** The reader may change or delete it (its author, or an admin of the campus). */
  canEdit: boolean;
}

export const rubricTemplateResource = defineResource({
  name: 'RubricTemplate',
  type: 'rubric-templates',
  schema: {
    name: z.string(),
    rubric: rubricSchema,
    /** Shipped with the product (spec 02 §3): read-only. */
    bundled: z.boolean(),
    created_by: z.int().nullable(),
    created_at: z.date().nullable(),
    updated_at: z.date().nullable(),
    can_edit: z.boolean(),
  },
  id: (template: ReadRubricTemplate) => template.id,
  attributes: (template: ReadRubricTemplate) => ({
    name: template.name,
    rubric: template.rubric,
    bundled: template.bundled,
    created_by: template.createdBy,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
    can_edit: template.canEdit,
  }),
});

/** `POST /course/task/rubric-templates`. */
export const templateCreateRules = attributes({
  name: field.string({ min: 1, max: 255 }),
  rubric: rubricField(),
});

/** `PATCH /course/task/rubric-templates/{id}`. */
export const templateUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  rubric: rubricField().optional(),
});
