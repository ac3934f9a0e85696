import { expectJsonApiDocument } from '../test-support/json-api-schema';
import { JsonApiException } from './errors';
import { attributePointer } from './schema';
import { validateAttributes } from './validate';

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

const courseRules = {
  name: { type: 'string', required: true, min: 1, max: 255 },
  period_id: { type: 'integer', nullable: true },
  percentage: { type: 'number', min: 0, max: 100 },
  is_active: { type: 'boolean' },
  start_at: { type: 'date', nullable: true },
  email: { type: 'email' },
  action: { type: 'enum', values: ['ACCEPT', 'REJECT'] },
  user_ids: { type: 'array', min: 1, max: 3 },
  settings: { type: 'object' },
  code: { type: 'string', pattern: /^[A-Z]{2}\d{3}$/ },
} as const;

describe('validateAttributes', () => {
  it('returns the declared fields, converted and typed', () => {
    const result = validateAttributes(
      {
        name: 'Algebra',
        period_id: '4',
        percentage: 12.5,
        is_active: 1,
        start_at: '2024-08-01 08:00:00',
        email: 'sari@campus.ac.id',
        action: 'ACCEPT',
        user_ids: [1, 2],
        settings: { a: 1 },
        code: 'MA101',
      },
      courseRules,
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
    // The static type follows the rules.
    const name: string = result.name;
    const periodId: number | null | undefined = result.period_id;
    const action: 'ACCEPT' | 'REJECT' | undefined = result.action;
    const startAt: Date | null | undefined = result.start_at;
    expect([name, periodId, action, startAt]).toHaveLength(4);
  });

  it('leaves absent optional fields absent and keeps null where allowed', () => {
    expect(validateAttributes({ name: 'A', period_id: null }, courseRules)).toEqual({
      name: 'A',
      period_id: null,
    });
    expect(Object.keys(validateAttributes({ name: 'A' }, courseRules))).toEqual(['name']);
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null }, 'name is required'],
    [{ name: 5 }, 'name must be a string'],
    [{ name: '' }, 'name must be at least 1 characters'],
    [{ name: 'x'.repeat(256) }, 'name must be at most 255 characters'],
    [{ name: 'a\u0000b' }, 'name must not contain NUL characters'],
  ])('refuses name in %j', (attributes, detail) => {
    expect(issuesOf(() => validateAttributes(attributes, { name: courseRules.name }))).toEqual([
      { pointer: '/data/attributes/name', detail },
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateAttributes({ name: '😀'.repeat(3) }, { name: { type: 'string', max: 3 } })).toEqual({
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
  ])('refuses %s = %j', (field, value, detail) => {
    expect(issuesOf(() => validateAttributes({ name: 'A', [field]: value }, courseRules))).toEqual([
      { pointer: `/data/attributes/${field}`, detail },
    ]);
  });

  it('collects every problem, and refuses fields without a rule', () => {
    expect(
      issuesOf(() =>
        validateAttributes({ percentage: 'x', action: 'MAYBE', tenant_id: 2, id: 1 }, courseRules),
      ),
    ).toEqual([
      { pointer: '/data/attributes/name', detail: 'name is required' },
      { pointer: '/data/attributes/percentage', detail: 'percentage must be a number' },
      { pointer: '/data/attributes/action', detail: 'action only ACCEPT, REJECT not MAYBE' },
      { pointer: '/data/attributes/tenant_id', detail: 'tenant_id is not allowed' },
      { pointer: '/data/attributes/id', detail: 'id is not allowed' },
    ]);
  });

  it('drops fields without a rule when told to strip them', () => {
    expect(validateAttributes({ name: 'A', tenant_id: 2 }, courseRules, { unknown: 'strip' })).toEqual({
      name: 'A',
    });
  });

  it('escapes field names in pointers', () => {
    expect(attributePointer('a/b~c')).toBe('/data/attributes/a~1b~0c');
    expect(issuesOf(() => validateAttributes({ 'a/b': 1 }, {}))).toEqual([
      { pointer: '/data/attributes/a~1b', detail: 'a/b is not allowed' },
    ]);
  });

  it('ignores inherited property names', () => {
    expect(issuesOf(() => validateAttributes({}, { toString: { type: 'string', required: true } }))).toEqual([
      { pointer: '/data/attributes/toString', detail: 'toString is required' },
    ]);
  });

  it('can use a global pattern repeatedly', () => {
    const rules = { code: { type: 'string', pattern: /^A/g } } as const;
    expect(validateAttributes({ code: 'AB' }, rules)).toEqual({ code: 'AB' });
    expect(validateAttributes({ code: 'AC' }, rules)).toEqual({ code: 'AC' });
  });

  it('infers rule literals without as const', () => {
    const result = validateAttributes(
      { kind: 'A' },
      { kind: { type: 'enum', values: ['A', 'B'], required: true } },
    );
    const kind: 'A' | 'B' = result.kind;
    expect(kind).toBe('A');
  });

  it('sends the texts given for missing fields', () => {
    const rules = {
      course_id: { type: 'integer', required: true },
      name: { type: 'string', required: true },
    } as const;
    expect(
      issuesOf(() =>
        validateAttributes({ course_id: null }, rules, {
          requiredMessages: { course_id: 'Course id is required' },
        }),
      ),
    ).toEqual([
      { pointer: '/data/attributes/course_id', detail: 'Course id is required' },
      { pointer: '/data/attributes/name', detail: 'name is required' },
    ]);
  });
});
