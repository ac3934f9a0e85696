import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { MOTIVATIONS } from './annotations.rules';
import type { AnnotationView } from './annotations.service';

const number = z.number();
const rect = z.object({ x: number, y: number, width: number, height: number });

/**
 * An annotation of a PDF of an answer: the W3C Web Annotation's members (`motivation`, `body`,
 * `target` with its `PdfSelector`), its colour, who wrote it and when. Coordinates are PDF user
 * space (points, y upwards) of the 1-based page.
 */
export const annotationResource = defineResource({
  name: 'Annotation',
  type: 'annotations',
  schema: {
    answer_id: z.int(),
    motivation: z.enum(MOTIVATIONS),
    body: z
      .object({ type: z.literal('TextualBody'), value: z.string(), format: z.literal('text/plain') })
      .nullable(),
    target: z.object({
      source: z.string(),
      selector: z.object({
        type: z.literal('PdfSelector'),
        page: z.int(),
        rects: z.array(rect).optional(),
        point: z.object({ x: number, y: number }).optional(),
        paths: z.array(z.array(z.tuple([number, number]))).optional(),
        width: number.optional(),
        quote: z.string().optional(),
      }),
    }),
    color: z.string(),
    creator: z.object({ id: z.int(), name: z.string().nullable() }),
    /** ISO 8601. */
    created_at: z.string(),
    updated_at: z.string(),
  },
  attributes: ({ annotation, authorName }: AnnotationView) => ({
    answer_id: Number(annotation.answerId),
    motivation: annotation.body.motivation,
    body: annotation.body.body ?? null,
    target: annotation.body.target,
    color: annotation.body.color,
    creator: { id: Number(annotation.authorId), name: authorName },
    created_at: annotation.createdAt.toISOString(),
    updated_at: annotation.updatedAt.toISOString(),
  }),
  id: ({ annotation }: AnnotationView) => annotation.id,
});

/** `GET /course/task/answers/{id}/annotations`: by file and motivation, oldest first. */
export const annotationQuery: QuerySpec = {
  filters: {
    file: { column: 'annotation.file_key', type: 'string', ops: ['is', 'in'] },
    motivation: { column: "annotation.body->>'motivation'", type: 'string', ops: ['is', 'in'] },
    author_id: { column: 'annotation.author_id', type: 'integer', ops: ['is', 'in'] },
  },
  sorts: { created_at: 'annotation.created_at', updated_at: 'annotation.updated_at', id: 'annotation.id' },
  defaultSort: 'created_at',
  maxLimit: 1000,
};
