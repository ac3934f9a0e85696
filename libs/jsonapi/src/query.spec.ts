import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { JsonApiException, type JsonApiErrorObject } from './errors';
import { applyQuery, pageMeta, parseQuery, type QuerySpec, type RawQuery } from './query';

@Entity({ name: 'courses' })
class Course {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar')
  name: string;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @Column('numeric')
  price: string;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: number | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}

/** Entity metadata without a connection: enough to build SQL, never to run it. */
class OfflineDataSource extends DataSource {
  buildMetadataOnly(): Promise<void> {
    return this.buildMetadatas();
  }
}

const spec: QuerySpec = {
  filters: {
    id: { column: 'course.id', type: 'integer' },
    name: { column: 'course.name', type: 'string' },
    is_active: { column: 'course.is_active', type: 'boolean' },
    price: { column: 'course.price', type: 'number' },
    period_id: { column: 'course.period_id', type: 'integer', ops: ['is', 'in', 'null'] },
    updated_at: { column: 'course.updated_at', type: 'date' },
    year: { column: 'course.year', type: 'integer', int32: true },
  },
  sorts: { id: 'course.id', name: 'course.name', updated_at: 'course.updated_at' },
  includes: ['modules', 'modules.activities', 'lecturer'],
  defaultSort: '-updated_at',
  maxLimit: 100,
};

function rejection(raw: RawQuery, querySpec: QuerySpec = spec): JsonApiErrorObject {
  try {
    parseQuery(raw, querySpec);
  } catch (error) {
    if (error instanceof JsonApiException) {
      expect(error.getStatus()).toBe(400);
      expect(error.errors).toHaveLength(1);
      return error.errors[0];
    }
    throw error;
  }
  throw new Error(`parseQuery accepted ${JSON.stringify(raw)}`);
}

describe('parseQuery', () => {
  it('defaults to no filters, the default sort, no includes, 10 items from 0', () => {
    expect(parseQuery({}, spec)).toEqual({
      filters: [],
      sort: [{ column: 'course.updated_at', direction: 'DESC' }],
      include: [],
      limit: 10,
      offset: 0,
    });
    expect(parseQuery({}, { filters: {}, sorts: {} }).sort).toEqual([]);
  });

  it('reads each operator with a value of the field type', () => {
    const parsed = parseQuery(
      {
        'filter[id][is]': '7',
        'filter[name][not]': 'Draft',
        'filter[period_id][in]': '1, 2,3',
        'filter[name][like]': 'alg',
        'filter[price][gt]': '10.5',
        'filter[price][gte]': '-3',
        'filter[id][lt]': '100',
        'filter[id][lte]': '99',
        'filter[period_id][null]': '1',
        'filter[is_active]': '1',
      },
      spec,
    );
    expect(parsed.filters).toEqual([
      { field: 'id', column: 'course.id', op: 'is', value: 7 },
      { field: 'name', column: 'course.name', op: 'not', value: 'Draft' },
      { field: 'period_id', column: 'course.period_id', op: 'in', value: [1, 2, 3] },
      { field: 'name', column: 'course.name', op: 'like', value: 'alg' },
      { field: 'price', column: 'course.price', op: 'gt', value: 10.5 },
      { field: 'price', column: 'course.price', op: 'gte', value: -3 },
      { field: 'id', column: 'course.id', op: 'lt', value: 100 },
      { field: 'id', column: 'course.id', op: 'lte', value: 99 },
      { field: 'period_id', column: 'course.period_id', op: 'null', value: true },
      { field: 'is_active', column: 'course.is_active', op: 'is', value: true },
    ]);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['0', false],
    ['false', false],
  ])('reads boolean %j as %j', (text, value) => {
    expect(parseQuery({ 'filter[is_active][is]': text }, spec).filters[0].value).toBe(value);
    expect(parseQuery({ 'filter[period_id][null]': text }, spec).filters[0].value).toBe(value);
  });

  it('reads dates in the given time zone', () => {
    const parsed = parseQuery(
      { 'filter[updated_at][gte]': '2024-05-01', 'filter[updated_at][lt]': '2024-05-01 17:30:00' },
      spec,
      { timeZone: 'Asia/Jakarta' },
    );
    expect(parsed.filters.map(({ value }) => (value as Date).toISOString())).toEqual([
      '2024-04-30T17:00:00.000Z',
      '2024-05-01T10:30:00.000Z',
    ]);
    expect(
      (parseQuery({ 'filter[updated_at][is]': '2024-05-01' }, spec).filters[0].value as Date).toISOString(),
    ).toBe('2024-05-01T00:00:00.000Z');
  });

  it('takes the items of an in filter from a list and from repeated keys', () => {
    expect(parseQuery({ 'filter[name][in]': ['a,b', 'c'] }, spec).filters[0].value).toEqual(['a', 'b', 'c']);
  });

  it('reads sort fields in order with their direction', () => {
    expect(parseQuery({ sort: 'name,-id' }, spec).sort).toEqual([
      { column: 'course.name', direction: 'ASC' },
      { column: 'course.id', direction: 'DESC' },
    ]);
    expect(parseQuery({ sort: '' }, spec).sort).toEqual([{ column: 'course.updated_at', direction: 'DESC' }]);
  });

  it('reads allowed include paths once each', () => {
    expect(parseQuery({ include: 'modules,modules.activities,modules' }, spec).include).toEqual([
      'modules',
      'modules.activities',
    ]);
    expect(parseQuery({ include: '' }, spec).include).toEqual([]);
  });

  it('reads page[limit] and page[offset], or plain limit and offset', () => {
    expect(parseQuery({ 'page[limit]': '9', 'page[offset]': '18' }, spec)).toMatchObject({
      limit: 9,
      offset: 18,
    });
    expect(parseQuery({ limit: '4', offset: '8' }, spec)).toMatchObject({ limit: 4, offset: 8 });
    expect(parseQuery({}, { ...spec, defaultLimit: 25 })).toMatchObject({ limit: 25, offset: 0 });
  });

  it.each(['0', '-1'])('reads limit %s as all, bounded by the hard maximum', (text) => {
    expect(parseQuery({ 'page[limit]': text }, spec).limit).toBe(100);
    expect(parseQuery({ limit: text }, spec).limit).toBe(100);
    expect(parseQuery({ 'page[limit]': text }, { filters: {}, sorts: {} }).limit).toBe(1000);
  });

  it('accepts a limit equal to the maximum and refuses one above it', () => {
    expect(parseQuery({ 'page[limit]': '100' }, spec).limit).toBe(100);
    expect(rejection({ 'page[limit]': '101' })).toEqual({
      status: '400',
      title: 'Bad Request',
      detail: 'page[limit] must be at most 100',
      source: { parameter: 'page[limit]' },
    });
    expect(rejection({ 'page[limit]': '1001' }, { filters: {}, sorts: {} }).source).toEqual({
      parameter: 'page[limit]',
    });
  });

  it('leaves parameters outside the grammar to the caller', () => {
    const parsed = parseQuery(
      { archived: '1', course_id: '3', 'fields[courses]': 'name', limitless: 'x', sorted: 'y', undefined },
      spec,
    );
    expect(parsed).toEqual(parseQuery({}, spec));
  });

  describe('refuses, naming the parameter', () => {
    it.each<[string, RawQuery, string]>([
      ['an unclosed bracket', { 'filter[name': 'x' }, 'filter[name'],
      ['too many brackets', { 'filter[name][like][x]': 'x' }, 'filter[name][like][x]'],
      ['a bare filter', { filter: 'x' }, 'filter'],
      ['an empty field', { 'filter[][is]': 'x' }, 'filter[][is]'],
      ['text after the brackets', { 'filter[name]x': 'x' }, 'filter[name]x'],
      ['an unknown field', { 'filter[foo][is]': 'x' }, 'filter[foo][is]'],
      ['an inherited property name', { 'filter[constructor][is]': 'x' }, 'filter[constructor][is]'],
      ['an unknown operator', { 'filter[name][between]': 'x' }, 'filter[name][between]'],
      ['an operator the field does not allow', { 'filter[period_id][gt]': '1' }, 'filter[period_id][gt]'],
      ['like on a number by default', { 'filter[price][like]': '1' }, 'filter[price][like]'],
      ['a comparison on a boolean by default', { 'filter[is_active][gt]': '1' }, 'filter[is_active][gt]'],
      ['a word for an integer', { 'filter[id][is]': 'abc' }, 'filter[id][is]'],
      ['a decimal for an integer', { 'filter[id][is]': '1.5' }, 'filter[id][is]'],
      ['an unsafe integer', { 'filter[id][is]': '99999999999999999999' }, 'filter[id][is]'],
      ['an integer past an int32 column', { 'filter[year][is]': '2147483648' }, 'filter[year][is]'],
      ['an in item past an int32 column', { 'filter[year][in]': '1,-2147483648' }, 'filter[year][in]'],
      ['an exponent for a number', { 'filter[price][lt]': '1e5' }, 'filter[price][lt]'],
      ['an empty number', { 'filter[price][lt]': '' }, 'filter[price][lt]'],
      ['a word for a boolean', { 'filter[is_active][is]': 'yes' }, 'filter[is_active][is]'],
      ['an impossible date', { 'filter[updated_at][gt]': '2024-02-30' }, 'filter[updated_at][gt]'],
      ['an ISO date', { 'filter[updated_at][gt]': '2024-02-01T10:00:00Z' }, 'filter[updated_at][gt]'],
      ['an empty in item', { 'filter[id][in]': '1,,2' }, 'filter[id][in]'],
      ['an untyped in item', { 'filter[id][in]': '1,x' }, 'filter[id][in]'],
      [
        'too many in items',
        { 'filter[id][in]': Array.from({ length: 1001 }, (_, i) => String(i)).join(',') },
        'filter[id][in]',
      ],
      ['a null value other than 1/0', { 'filter[period_id][null]': 'maybe' }, 'filter[period_id][null]'],
      ['a repeated single-valued filter', { 'filter[name][is]': ['a', 'b'] }, 'filter[name][is]'],
      ['a NUL character', { 'filter[name][like]': 'a\u0000b' }, 'filter[name][like]'],
      ['an unknown sort field', { sort: 'foo' }, 'sort'],
      ['an inherited sort name', { sort: 'toString' }, 'sort'],
      ['an empty sort item', { sort: 'name,,id' }, 'sort'],
      ['a bare minus', { sort: '-' }, 'sort'],
      ['a field sorted twice', { sort: 'name,-name' }, 'sort'],
      ['a repeated sort', { sort: ['name', 'id'] }, 'sort'],
      ['a bracketed sort', { 'sort[name]': 'asc' }, 'sort[name]'],
      ['an unknown include', { include: 'students' }, 'include'],
      ['an empty include item', { include: 'modules,' }, 'include'],
      ['a nested include not listed', { include: 'modules.contents' }, 'include'],
      ['a repeated include', { include: ['modules', 'lecturer'] }, 'include'],
      ['a word for a limit', { 'page[limit]': 'ten' }, 'page[limit]'],
      ['a decimal limit', { 'page[limit]': '1.5' }, 'page[limit]'],
      ['a limit below -1', { 'page[limit]': '-2' }, 'page[limit]'],
      ['an empty limit', { 'page[limit]': '' }, 'page[limit]'],
      ['a negative offset', { 'page[offset]': '-1' }, 'page[offset]'],
      ['an unsafe offset', { 'page[offset]': '99999999999999999999' }, 'page[offset]'],
      ['a plain negative offset', { offset: '-3' }, 'offset'],
      ['a plain word limit', { limit: 'x' }, 'limit'],
      ['a repeated limit', { 'page[limit]': ['1', '2'] }, 'page[limit]'],
      ['an unknown page parameter', { 'page[size]': '5' }, 'page[size]'],
      ['a bare page', { page: '2' }, 'page'],
      ['an unclosed page bracket', { 'page[limit': '5' }, 'page[limit'],
      ['both limit spellings', { 'page[limit]': '5', limit: '5' }, 'limit'],
      ['both offset spellings', { 'page[offset]': '5', offset: '5' }, 'offset'],
    ])('%s', (_, raw, parameter) => {
      const error = rejection(raw);
      expect(error.title).toBe('Bad Request');
      expect(error.source).toEqual({ parameter });
      expect(error.detail.length).toBeGreaterThan(10);
    });

    it('with a detail that says what would be accepted', () => {
      expect(rejection({ 'filter[foo][is]': 'x' }).detail).toBe(
        'Cannot filter by foo; filterable fields: id, name, is_active, price, period_id, updated_at, year',
      );
      expect(rejection({ 'filter[period_id][gt]': '1' }).detail).toBe(
        'period_id cannot be filtered with gt; use is, in, null',
      );
      expect(rejection({ sort: 'foo' }).detail).toBe(
        'Cannot sort by foo; sortable fields: id, name, updated_at',
      );
      expect(rejection({ include: 'modules' }, { filters: {}, sorts: {} }).detail).toBe(
        'Cannot include modules; includable paths: none',
      );
      expect(rejection({ 'filter[id][is]': '1.5' }).detail).toBe(
        'filter[id][is] must be a whole number, not "1.5"',
      );
      expect(rejection({ 'filter[year][is]': '2147483648' }).detail).toBe(
        'filter[year][is] must be between -2147483647 and 2147483647',
      );
    });

    it('accepts the whole range of an int32 column', () => {
      const parsed = parseQuery({ 'filter[year][in]': '2147483647,-2147483647' }, spec);
      expect(parsed.filters[0].value).toEqual([2147483647, -2147483647]);
    });
  });

  it('throws a plain Error, not a 400, for a default sort its own spec does not allow', () => {
    const broken: QuerySpec = { ...spec, defaultSort: 'title' };
    expect(() => parseQuery({}, broken)).toThrow('QuerySpec.defaultSort: Cannot sort by title');
    expect(() => parseQuery({}, broken)).not.toThrow(JsonApiException);
  });
});

describe('applyQuery', () => {
  const dataSource = new OfflineDataSource({ type: 'postgres', entities: [Course] });
  beforeAll(() => dataSource.buildMetadataOnly());

  const select =
    'SELECT "course"."id" AS "course_id", "course"."tenant_id" AS "course_tenant_id", "course"."name" AS "course_name", "course"."is_active" AS "course_is_active", "course"."price" AS "course_price", "course"."period_id" AS "course_period_id", "course"."updated_at" AS "course_updated_at" FROM "courses" "course"';

  function sqlOf(raw: RawQuery, options?: { paginate?: boolean }) {
    const qb = dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .where('course.tenant_id = :tenantId', { tenantId: 7 });
    const [sql, parameters] = applyQuery(qb, parseQuery(raw, spec), options).getQueryAndParameters();
    expect(sql.startsWith(`${select} WHERE "course"."tenant_id" = $1`)).toBe(true);
    return { sql: sql.slice(select.length), parameters };
  }

  it.each<[string, RawQuery, string, unknown[]]>([
    ['is', { 'filter[id][is]': '5' }, '"course"."id" = $2', [5]],
    ['not', { 'filter[name][not]': 'Draft' }, '"course"."name" IS DISTINCT FROM $2', ['Draft']],
    ['in', { 'filter[period_id][in]': '1,2,3' }, '"course"."period_id" = ANY($2)', [[1, 2, 3]]],
    ['like', { 'filter[name][like]': 'Alg' }, '"course"."name" ILIKE $2', ['%Alg%']],
    ['gt', { 'filter[price][gt]': '1.5' }, '"course"."price" > $2', [1.5]],
    ['gte', { 'filter[price][gte]': '2' }, '"course"."price" >= $2', [2]],
    ['lt', { 'filter[id][lt]': '3' }, '"course"."id" < $2', [3]],
    ['lte', { 'filter[id][lte]': '4' }, '"course"."id" <= $2', [4]],
    ['null 1', { 'filter[period_id][null]': '1' }, '"course"."period_id" IS NULL', []],
    ['null 0', { 'filter[period_id][null]': 'false' }, '"course"."period_id" IS NOT NULL', []],
    ['is boolean', { 'filter[is_active]': 'true' }, '"course"."is_active" = $2', [true]],
  ])('adds %s as a parameterised condition', (_, raw, condition, values) => {
    const { sql, parameters } = sqlOf(raw, { paginate: false });
    expect(sql).toBe(
      ` WHERE "course"."tenant_id" = $1 AND ${condition} ORDER BY "course"."updated_at" DESC, "course"."id" ASC`,
    );
    expect(parameters).toEqual([7, ...values]);
  });

  it('passes dates as parameters', () => {
    const { sql, parameters } = sqlOf(
      { 'filter[updated_at][gte]': '2024-05-01 08:00:00' },
      { paginate: false },
    );
    expect(sql).toContain('AND "course"."updated_at" >= $2 ORDER BY');
    expect(parameters).toEqual([7, new Date('2024-05-01T08:00:00Z')]);
  });

  it('escapes LIKE wildcards and the escape character in the value', () => {
    expect(sqlOf({ 'filter[name][like]': '50%_off\\' }).parameters).toEqual([7, '%50\\%\\_off\\\\%']);
  });

  it('never puts a value into the SQL text', () => {
    const { sql, parameters } = sqlOf({ 'filter[name][is]': "x'; DROP TABLE courses; --" });
    expect(sql).not.toContain('DROP');
    expect(parameters).toContain("x'; DROP TABLE courses; --");
  });

  it('combines filters with AND, each with its own parameter', () => {
    const { sql, parameters } = sqlOf(
      { 'filter[price][gte]': '1', 'filter[price][lte]': '9', 'filter[name][like]': 'a' },
      { paginate: false },
    );
    expect(sql).toBe(
      ' WHERE "course"."tenant_id" = $1 AND "course"."price" >= $2 AND "course"."price" <= $3 AND "course"."name" ILIKE $4 ORDER BY "course"."updated_at" DESC, "course"."id" ASC',
    );
    expect(parameters).toEqual([7, 1, 9, '%a%']);
  });

  it('does not reuse a parameter name the builder already has', () => {
    const qb = dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .where('course.tenant_id = :jsonapi_0', { jsonapi_0: 7 });
    applyQuery(qb, parseQuery({ 'filter[id][is]': '5' }, spec));
    applyQuery(qb, parseQuery({ 'filter[id][is]': '6' }, spec));
    const [sql, parameters] = qb.getQueryAndParameters();
    expect(sql).toContain('WHERE "course"."tenant_id" = $1 AND "course"."id" = $2 AND "course"."id" = $3');
    expect(parameters).toEqual([7, 5, 6]);
  });

  it('orders by the requested fields, then by id for stable pages', () => {
    expect(sqlOf({ sort: 'name,-updated_at' }).sql).toContain(
      'ORDER BY "course"."name" ASC, "course"."updated_at" DESC, "course"."id" ASC',
    );
  });

  it('adds no second id order when the request sorts by id, or the caller already did', () => {
    expect(sqlOf({ sort: '-id' }).sql).toContain('ORDER BY "course"."id" DESC LIMIT');
    const qb = dataSource.getRepository(Course).createQueryBuilder('course').orderBy('course.id', 'DESC');
    expect(applyQuery(qb, parseQuery({ sort: 'name' }, spec)).getQuery()).toContain(
      'ORDER BY "course"."id" DESC, "course"."name" ASC LIMIT',
    );
  });

  it('pages with limit and offset unless told not to', () => {
    expect(sqlOf({ 'page[limit]': '9', 'page[offset]': '18' }).sql).toMatch(/ LIMIT 9 OFFSET 18$/);
    expect(sqlOf({ 'page[limit]': '-1' }).sql).toMatch(/ LIMIT 100 OFFSET 0$/);
    expect(sqlOf({ 'page[limit]': '9' }, { paginate: false }).sql).not.toContain('LIMIT');
  });
});

describe('pageMeta', () => {
  it('reports total, limit and offset', () => {
    expect(pageMeta(42, parseQuery({ 'page[limit]': '9', 'page[offset]': '18' }, spec))).toEqual({
      total: 42,
      limit: 9,
      offset: 18,
    });
  });
});
