import { attributesJsonSchema, defineResource, wireJsonSchema } from './resource';
import { z } from './schema';
import { toDocument } from './serializer';

interface Content {
  id: number;
  name: string;
  type: string;
  size: number | null;
  deletedAt: Date | null;
  secret: string;
}

const content = defineResource({
  name: 'Content',
  type: 'contents',
  schema: {
    id: z.int(),
    name: z.string(),
    type: z.enum(['text', 'file']),
    size: z.int().nullable(),
    deleted_at: z.date().nullable(),
    secret: z.string().optional(),
  },
  attributes: (item: Content, viewer: { admin: boolean }) => ({
    id: item.id,
    name: item.name,
    type: item.type === 'file' ? ('file' as const) : ('text' as const),
    size: item.size,
    deleted_at: item.deletedAt,
    ...(viewer.admin ? { secret: item.secret } : {}),
  }),
});

describe('defineResource', () => {
  it('holds attributes to the schema at compile time', () => {
    // @ts-expect-error -- `size` is not in the schema ("attribute size is not in the schema")
    defineResource({
      name: 'Extra',
      type: 'contents',
      schema: { name: z.string() },
      attributes: (item: Content) => ({ name: item.name, size: item.size }),
    });
    defineResource({
      name: 'Missing',
      type: 'contents',
      schema: { name: z.string(), size: z.int().nullable() },
      // @ts-expect-error -- `size` is missing
      attributes: (item: Content) => ({ name: item.name }),
    });
    defineResource({
      name: 'Nullable',
      type: 'contents',
      schema: { size: z.int() },
      // @ts-expect-error -- `size` may be null, the schema says it may not
      attributes: (item: Content) => ({ size: item.size }),
    });
    expect(content.schema.shape).toHaveProperty('deleted_at');
  });

  it('serializes with the reader it is given', () => {
    const item = { id: 4, name: 'Intro', type: 'text', size: null, deletedAt: null, secret: 's' };
    expect(toDocument(content, item, { viewer: { admin: false } }).data).toEqual({
      type: 'contents',
      id: '4',
      attributes: { name: 'Intro', contents_type: 'text', size: null, deleted_at: null },
    });
    expect(toDocument(content, item, { viewer: { admin: true } }).data).toMatchObject({
      attributes: { secret: 's' },
    });
  });
});

describe('attributesJsonSchema', () => {
  it('documents the attributes as written: wire dates, `type` renamed, no id, optional ones not required', () => {
    expect(attributesJsonSchema(content)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        contents_type: { type: 'string', enum: ['text', 'file'] },
        size: { type: 'integer', nullable: true },
        deleted_at: {
          type: 'string',
          nullable: true,
          pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
          description: 'YYYY-MM-DD HH:mm:ss, wall-clock time in the campus time zone',
        },
        secret: { type: 'string' },
      },
      required: ['name', 'contents_type', 'size', 'deleted_at'],
      additionalProperties: false,
    });
  });

  it('keeps bounds a schema sets and drops the safe-integer ones every integer has', () => {
    expect(wireJsonSchema(z.object({ n: z.int().min(1), m: z.array(z.int()) }))).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1 },
        m: { type: 'array', items: { type: 'integer' } },
      },
      required: ['n', 'm'],
      additionalProperties: false,
    });
  });
});
