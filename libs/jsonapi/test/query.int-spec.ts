import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { createTestDatabase } from '@lms/testing';
import { applyQuery, pageMeta, parseQuery, type QuerySpec, type RawQuery } from '../src';

@Entity({ name: 'courses' })
class Course {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint', { name: 'tenant_id' })
  tenantId: number;

  @Column('varchar')
  name: string;

  @Column('boolean', { name: 'is_active' })
  isActive: boolean;

  @Column('numeric', { precision: 8, scale: 2 })
  price: string;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: string | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}

const spec: QuerySpec = {
  filters: {
    id: { column: 'course.id', type: 'integer' },
    name: { column: 'course.name', type: 'string' },
    is_active: { column: 'course.is_active', type: 'boolean' },
    price: { column: 'course.price', type: 'number' },
    period_id: { column: 'course.period_id', type: 'integer' },
    updated_at: { column: 'course.updated_at', type: 'date' },
  },
  sorts: { id: 'course.id', name: 'course.name', price: 'course.price', updated_at: 'course.updated_at' },
  defaultSort: 'id',
  maxLimit: 50,
};

const rows: Omit<Course, 'id'>[] = [
  {
    tenantId: 1,
    name: 'Algebra',
    isActive: true,
    price: '10.50',
    periodId: '1',
    updatedAt: new Date('2024-05-01T00:00:00Z'),
  },
  {
    tenantId: 1,
    name: 'LINEAR ALGEBRA',
    isActive: false,
    price: '20.00',
    periodId: '2',
    updatedAt: new Date('2024-05-02T00:00:00Z'),
  },
  {
    tenantId: 1,
    name: '50% off',
    isActive: true,
    price: '0.00',
    periodId: null,
    updatedAt: new Date('2024-05-03T00:00:00Z'),
  },
  {
    tenantId: 1,
    name: '500 off',
    isActive: true,
    price: '5.25',
    periodId: '1',
    updatedAt: new Date('2024-05-04T00:00:00Z'),
  },
  {
    tenantId: 1,
    name: 'snake_case',
    isActive: true,
    price: '7.00',
    periodId: null,
    updatedAt: new Date('2024-05-05T00:00:00Z'),
  },
  {
    tenantId: 1,
    name: 'back\\slash',
    isActive: false,
    price: '7.00',
    periodId: '3',
    updatedAt: new Date('2024-05-06T00:00:00Z'),
  },
  {
    tenantId: 2,
    name: 'Algebra elsewhere',
    isActive: true,
    price: '1.00',
    periodId: '1',
    updatedAt: new Date('2024-05-01T00:00:00Z'),
  },
];

describe('applyQuery on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('jsonapi');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      entities: [Course],
      synchronize: true,
    });
    await dataSource.initialize();
    await dataSource.getRepository(Course).insert(rows);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  async function names(raw: RawQuery, timeZone?: string): Promise<string[]> {
    const qb = dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .where('course.tenant_id = :tenantId', { tenantId: 1 });
    const found = await applyQuery(qb, parseQuery(raw, spec, { timeZone })).getMany();
    return found.map((course) => course.name);
  }

  it.each<[string, RawQuery, string[]]>([
    ['is on a bigint', { 'filter[period_id][is]': '1' }, ['Algebra', '500 off']],
    [
      'not, counting null as different',
      { 'filter[period_id][not]': '1' },
      ['LINEAR ALGEBRA', '50% off', 'snake_case', 'back\\slash'],
    ],
    ['in on a bigint', { 'filter[period_id][in]': '2,3' }, ['LINEAR ALGEBRA', 'back\\slash']],
    ['like, case-insensitive', { 'filter[name][like]': 'algebra' }, ['Algebra', 'LINEAR ALGEBRA']],
    ['like with a literal %', { 'filter[name][like]': '50%' }, ['50% off']],
    ['like with a literal _', { 'filter[name][like]': '_' }, ['snake_case']],
    ['like with a literal backslash', { 'filter[name][like]': '\\' }, ['back\\slash']],
    ['gt on a numeric with a decimal', { 'filter[price][gt]': '7' }, ['Algebra', 'LINEAR ALGEBRA']],
    [
      'gte and lte',
      { 'filter[price][gte]': '5.25', 'filter[price][lte]': '7' },
      ['500 off', 'snake_case', 'back\\slash'],
    ],
    ['lt', { 'filter[price][lt]': '5.25' }, ['50% off']],
    ['is on a boolean', { 'filter[is_active][is]': '0' }, ['LINEAR ALGEBRA', 'back\\slash']],
    ['null', { 'filter[period_id][null]': '1' }, ['50% off', 'snake_case']],
    ['not null', { 'filter[period_id][null]': '0' }, ['Algebra', 'LINEAR ALGEBRA', '500 off', 'back\\slash']],
  ])('filters with %s', async (_, raw, expected) => {
    expect(await names(raw)).toEqual(expected);
  });

  it('compares dates in the tenant time zone', async () => {
    // 2024-05-03 07:00 in Jakarta is 2024-05-03 00:00 UTC.
    expect(await names({ 'filter[updated_at][lte]': '2024-05-03 07:00:00' }, 'Asia/Jakarta')).toEqual([
      'Algebra',
      'LINEAR ALGEBRA',
      '50% off',
    ]);
    expect(await names({ 'filter[updated_at][lt]': '2024-05-03 06:59:59' }, 'Asia/Jakarta')).toEqual([
      'Algebra',
      'LINEAR ALGEBRA',
    ]);
  });

  it('sorts with a stable tie-breaker and pages', async () => {
    expect(await names({ sort: '-price', 'page[limit]': '3', 'page[offset]': '1' })).toEqual([
      'Algebra',
      'snake_case',
      'back\\slash',
    ]);
  });

  it('counts the whole filtered set while returning one page', async () => {
    const parsed = parseQuery({ 'filter[is_active][is]': '1', 'page[limit]': '2', sort: 'name' }, spec);
    const qb = dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .where('course.tenant_id = :tenantId', { tenantId: 1 });
    const [page, total] = await applyQuery(qb, parsed).getManyAndCount();
    expect(page.map(({ name }) => name)).toEqual(['50% off', '500 off']);
    expect(pageMeta(total, parsed)).toEqual({ total: 4, limit: 2, offset: 0 });
  });
});
