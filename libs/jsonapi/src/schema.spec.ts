import { expectJsonApiDocument } from '../test-support/json-api-schema';
import { JsonApiException } from './errors';
import { attributePointer, attributes, field, jsonSchemaOf, parseAttributes, validateWith } from './schema';

function issuesOf(run: () => unknown): { pointer: string | undefined; detail: string }[] {
  try {
    run();
  } catch (error) {
    if (!(error instanceof JsonApiException)) throw error;
    expect(error.getStatus()).toBe(422);
    expectJsonApiDocument(error.getResponse());
    return error.errors.map(({ source, detail }) => ({ pointer: source?.pointer, detail }));
  }
  throw new Error('validation passed');
}

const courseShape = {
  name: field.string({ min: 1, max: 255 }),
  period_id: field.integer().nullable().optional(),
  percentage: field.number({ min: 0, max: 100 }).optional(),
  is_active: field.boolean().optional(),
  start_at: field.date().nullable().optional(),
  email: field.email().optional(),
  action: field.enum(['ACCEPT', 'REJECT']).optional(),
  user_ids: field.idList({ min: 1, max: 3 }).optional(),
  settings: field.object({ a: field.integer() }).optional(),
  code: field.string({ pattern: /^[A-Z]{2}\d{3}$/ }).optional(),
};
const course = attributes(courseShape);

describe('attribute schemas', () => {
  it('returns the declared fields, converted and typed', () => {
    const result = validateWith(
      course,
      {
        name: 'Algebra',
        period_id: '4',
        percentage: 12.5,
        is_active: 1,
        start_at: '2024-08-01 08:00:00',
        email: 'sari@campus.ac.id',
        action: 'ACCEPT',
        user_ids: [1, '2'],
        settings: { a: 1 },
        code: 'MA101',
      },
      { timeZone: 'Asia/Jakarta' },
    );
    expect(result).toEqual({
      name: 'Algebra',
      period_id: 4,
      percentage: 12.5,
      is_active: true,
      start_at: new Date('2024-08-01T01:00:00Z'),
      email: 'sari@campus.ac.id',
      action: 'ACCEPT',
      user_ids: [1, 2],
      settings: { a: 1 },
      code: 'MA101',
    });
    // The static type follows the schema: id lists and nested objects included.
    const name: string = result.name;
    const periodId: number | null | undefined = result.period_id;
    const action: 'ACCEPT' | 'REJECT' | undefined = result.action;
    const startAt: Date | null | undefined = result.start_at;
    const userIds: number[] | undefined = result.user_ids;
    const a: number | undefined = result.settings?.a;
    expect([name, periodId, action, startAt, userIds, a]).toHaveLength(6);
  });

  it('reads the attributes of a JSON:API document', () => {
    expect(parseAttributes(course, { data: { type: 'courses', attributes: { name: 'A' } } })).toEqual({
      name: 'A',
    });
  });

  it('leaves absent optional fields absent and keeps null where allowed', () => {
    expect(validateWith(course, { name: 'A', period_id: null })).toEqual({ name: 'A', period_id: null });
    expect(Object.keys(validateWith(course, { name: 'A' }))).toEqual(['name']);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null }, 'name is required'],
    [{ name: 5 }, 'name must be a string'],
    [{ name: '' }, 'name must be at least 1 characters'],
    [{ name: 'x'.repeat(256) }, 'name must be at most 255 characters'],
    [{ name: 'a\u0000b' }, 'name must not contain NUL characters'],
  ])('refuses name in %j', (input, detail) => {
    expect(issuesOf(() => validateWith(attributes({ name: courseShape.name }), input))).toEqual([
      { pointer: '/data/attributes/name', detail },
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateWith(attributes({ name: field.string({ max: 3 }) }), { name: '😀'.repeat(3) })).toEqual({
      name: '😀😀😀',
    });
  });

  it.each<[string, unknown, string]>([
    ['percentage', 'abc', 'percentage must be a number'],
    ['percentage', '1e3', 'percentage must be a number'],
    ['percentage', -1, 'percentage must be at least 0'],
    ['percentage', 100.5, 'percentage must be at most 100'],
    ['period_id', 1.5, 'period_id must be a whole number'],
    ['period_id', true, 'period_id must be a number'],
    ['period_id', 2147483648, 'period_id must be at most 2147483647'],
    ['period_id', '99999999999999999999', 'period_id must be a whole number'],
    ['is_active', 'yes', 'is_active must be true or false'],
    ['is_active', 2, 'is_active must be true or false'],
    ['start_at', '2024-08-01T08:00:00Z', 'start_at must be a date as YYYY-MM-DD HH:mm:ss'],
    ['start_at', 1722470400000, 'start_at must be a date as YYYY-MM-DD HH:mm:ss'],
    ['email', 'sari', 'email must be an e-mail address'],
    ['email', 7, 'email must be an e-mail address'],
    ['action', 'FOO', 'action only ACCEPT, REJECT not FOO'],
    ['action', 3, 'action only ACCEPT, REJECT not 3'],
    ['user_ids', 'x', 'user_ids must be an array'],
    ['user_ids', [], 'user_ids must have at least 1 item(s)'],
    ['user_ids', [1, 2, 3, 4], 'user_ids must have at most 3 item(s)'],
    ['settings', [], 'settings must be an object'],
    ['settings', 'x', 'settings must be an object'],
    ['code', 'ma101', 'code has an invalid format'],
    ['percentage', null, 'percentage must not be null'],
    ['action', null, 'action must not be null'],
  ])('refuses %s = %j', (name, value, detail) => {
    expect(issuesOf(() => validateWith(course, { name: 'A', [name]: value }))).toEqual([
      { pointer: `/data/attributes/${name}`, detail },
    ]);
  });

  it('points into id lists and nested objects', () => {
    expect(issuesOf(() => validateWith(course, { name: 'A', user_ids: [1, 'x', 0] }))).toEqual([
      { pointer: '/data/attributes/user_ids/1', detail: 'user_ids[1] must be a number' },
      { pointer: '/data/attributes/user_ids/2', detail: 'user_ids[2] must be at least 1' },
    ]);
    expect(issuesOf(() => validateWith(course, { name: 'A', settings: { a: 'x', b: 1 } }))).toEqual([
      { pointer: '/data/attributes/settings/a', detail: 'settings.a must be a number' },
      { pointer: '/data/attributes/settings/b', detail: 'settings.b is not allowed' },
    ]);
  });

  it('collects every problem, and refuses fields the schema does not name', () => {
    expect(
      issuesOf(() => validateWith(course, { percentage: 'x', action: 'MAYBE', tenant_id: 2, id: 1 })),
    ).toEqual([
      { pointer: '/data/attributes/name', detail: 'name is required' },
      { pointer: '/data/attributes/percentage', detail: 'percentage must be a number' },
      { pointer: '/data/attributes/action', detail: 'action only ACCEPT, REJECT not MAYBE' },
      { pointer: '/data/attributes/tenant_id', detail: 'tenant_id is not allowed' },
      { pointer: '/data/attributes/id', detail: 'id is not allowed' },
    ]);
  });

  it('drops fields the schema does not name when told to strip them', () => {
    expect(validateWith(attributes(courseShape, { unknown: 'strip' }), { name: 'A', tenant_id: 2 })).toEqual({
      name: 'A',
    });
  });

  it('escapes field names in pointers', () => {
    expect(attributePointer('a/b~c')).toBe('/data/attributes/a~1b~0c');
    expect(issuesOf(() => validateWith(attributes({}), { 'a/b': 1 }))).toEqual([
      { pointer: '/data/attributes/a~1b', detail: 'a/b is not allowed' },
    ]);
  });

  it('ignores inherited property names', () => {
    expect(issuesOf(() => validateWith(attributes({ toString: field.string() }), {}))).toEqual([
      { pointer: '/data/attributes/toString', detail: 'toString is required' },
    ]);
  });

  it('can use a global pattern repeatedly', () => {
    const schema = attributes({ code: field.string({ pattern: /^A/g }) });
    expect(validateWith(schema, { code: 'AB' })).toEqual({ code: 'AB' });
    expect(validateWith(schema, { code: 'AC' })).toEqual({ code: 'AC' });
  });

  it('sends the texts given for missing fields', () => {
    const schema = attributes(
      { course_id: field.id(), name: field.string() },
      { requiredTexts: { course_id: 'Course id is required' } },
    );
    expect(issuesOf(() => validateWith(schema, { course_id: null }))).toEqual([
      { pointer: '/data/attributes/course_id', detail: 'Course id is required' },
      { pointer: '/data/attributes/name', detail: 'name is required' },
    ]);
  });

  it('describes what a client sends as JSON Schema', () => {
    expect(jsonSchemaOf(course)).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1, maxLength: 255 },
        period_id: { type: 'integer', maximum: 2147483647, nullable: true },
        is_active: { type: 'boolean' },
        start_at: { type: 'string', pattern: expect.any(String), nullable: true },
        email: { type: 'string', format: 'email' },
        action: { type: 'string', enum: ['ACCEPT', 'REJECT'] },
        user_ids: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'integer', minimum: 1 } },
        settings: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
      },
    });
  });
});
