import { attributes, field, z } from '@lms/jsonapi';

/** `POST /public/view/course/:id`: what the client tells of one visit (unknown fields dropped). */
export const courseViewRules = attributes(
  {
    campus: field.string({ max: 255 }).nullable().optional(),
    /** Also a list, joined by commas. */
    roles: z
      .preprocess(
        (value) => (Array.isArray(value) ? value.map(String).join(',') : value),
        field.string({ max: 255 }).nullable(),
      )
      .optional(),
    code: field.string({ max: 255 }).nullable().optional(),
    name: field.string({ max: 255 }).nullable().optional(),
    province: field.string({ max: 255 }).nullable().optional(),
    is_verify: field.boolean().nullable().optional(),
  },
  { unknown: 'strip' },
);
