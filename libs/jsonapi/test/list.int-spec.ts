import {
  Column,
  DataSource,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type Relation,
} from 'typeorm';
import { createTestDatabase } from '@lms/testing';
import { applyQuery, defineList, type ListScope, parseQuery, type QuerySpec, type RawQuery } from '../src';

@Entity({ name: 'periods' })
class Period {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column('varchar')
  name: string;
}

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

  @Column('numeric', { precision: 8, scale: 2 })
  price: string;

  @Column('bigint', { name: 'period_id', nullable: true })
  periodId: number | null;

  @ManyToOne(() => Period, { nullable: true })
  @JoinColumn({ name: 'period_id' })
  period?: Relation<Period> | null;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;

  @OneToMany(() => Lesson, (lesson) => lesson.course)
  lessons?: Relation<Lesson[]>;

  @OneToMany(() => Tutor, (tutor) => tutor.course)
  tutors?: Relation<Tutor[]>;
}

@Entity({ name: 'lessons' })
class Lesson {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'course_id' })
  courseId: number;

  @ManyToOne(() => Course, (course) => course.lessons)
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @Column('integer')
  index: number;

  @Column('numeric', { precision: 4, scale: 1 })
  hours: string;

  @Column('timestamptz', { name: 'start_at', nullable: true })
  startAt: Date | null;

  @OneToMany(() => Step, (step) => step.lesson)
  steps?: Relation<Step[]>;
}

@Entity({ name: 'steps' })
class Step {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column('bigint', { name: 'lesson_id' })
  lessonId: number;

  @ManyToOne(() => Lesson, (lesson) => lesson.steps)
  @JoinColumn({ name: 'lesson_id' })
  lesson?: Relation<Lesson>;

  @Column('varchar')
  title: string;
}

@Entity({ name: 'tutors' })
class Tutor {
  @PrimaryColumn('bigint', { name: 'course_id' })
  courseId: number;

  @PrimaryColumn('bigint', { name: 'period_id' })
  periodId: number;

  @ManyToOne(() => Course, (course) => course.tutors)
  @JoinColumn({ name: 'course_id' })
  course?: Relation<Course>;

  @ManyToOne(() => Period)
  @JoinColumn({ name: 'period_id' })
  period?: Relation<Period>;
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

const courses = defineList<Course>({
  entity: Course,
  alias: 'course',
  toOne: { period: { entity: Period, alias: 'period', on: 'period.id = course.period_id' } },
  toMany: {
    lessons: {
      entity: Lesson,
      alias: 'lesson',
      where: 'lesson.course_id = course.id',
      orderBy: ['-index'],
      toMany: {
        steps: { entity: Step, alias: 'step', where: 'step.lesson_id = lesson.id', orderBy: ['title'] },
      },
    },
    tutors: {
      entity: Tutor,
      alias: 'tutor',
      where: 'tutor.course_id = course.id',
      orderBy: ['periodId'],
      toOne: { period: { entity: Period, alias: 'tutor_period', on: 'tutor_period.id = tutor.period_id' } },
    },
    cheapLessons: {
      entity: Lesson,
      alias: 'cheap_lesson',
      property: 'lessons',
      where: 'cheap_lesson.course_id = course.id AND cheap_lesson.hours <= :maxHours',
      orderBy: ['index'],
    },
  },
});

const campus = (extra: Partial<ListScope> = {}): ListScope => ({
  where: ['course.tenant_id = :tenantId'],
  params: { tenantId: 1 },
  ...extra,
});

describe('defineList: a list page in one statement', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  let periods: Period[];
  let algebra: Course;
  let fifty: Course;

  beforeAll(async () => {
    database = await createTestDatabase('jsonapi_list');
    dataSource = new DataSource({
      type: 'postgres',
      url: database.url,
      entities: [Period, Course, Lesson, Step, Tutor],
      synchronize: true,
    });
    await dataSource.initialize();
    periods = await dataSource.getRepository(Period).save([{ name: '2024 Odd' }, { name: '2024 Even' }]);
    const saved = await dataSource.getRepository(Course).save(
      [
        ['Algebra', true, '10.50', periods[0].id, '2024-05-01T00:00:00Z'],
        ['LINEAR ALGEBRA', false, '20.00', periods[1].id, '2024-05-02T00:00:00Z'],
        ['50% off', true, '0.00', null, '2024-05-03T00:00:00Z'],
        ['500 off', true, '5.25', periods[0].id, '2024-05-04T00:00:00Z'],
        ['snake_case', true, '7.00', null, '2024-05-05T00:00:00Z'],
        ['back\\slash', false, '7.00', periods[1].id, '2024-05-06T00:00:00Z'],
      ].map(([name, isActive, price, periodId, updatedAt]) => ({
        tenantId: 1,
        name: name as string,
        isActive: isActive as boolean,
        price: price as string,
        periodId: periodId as number | null,
        updatedAt: new Date(updatedAt as string),
      })),
    );
    await dataSource.getRepository(Course).save({
      tenantId: 2,
      name: 'Algebra elsewhere',
      isActive: true,
      price: '1.00',
      periodId: periods[0].id,
      updatedAt: new Date('2024-05-01T00:00:00Z'),
    });
    // Ids as read back (save() answers generated bigints as text).
    periods = await dataSource.getRepository(Period).find({ order: { id: 'ASC' } });
    [algebra, fifty] = await Promise.all(
      [saved[0], saved[2]].map(({ id }) => dataSource.getRepository(Course).findOneByOrFail({ id })),
    );
    const lessons = await dataSource.getRepository(Lesson).save([
      { courseId: algebra.id, index: 1, hours: '1.5', startAt: new Date('2024-06-01T08:30:00.123Z') },
      { courseId: algebra.id, index: 2, hours: '12.0', startAt: null },
    ]);
    await dataSource.getRepository(Step).save([
      { lessonId: lessons[0].id, title: 'b' },
      { lessonId: lessons[0].id, title: 'a' },
    ]);
    await dataSource.getRepository(Tutor).save([
      { courseId: algebra.id, periodId: periods[1].id },
      { courseId: algebra.id, periodId: periods[0].id },
    ]);
  });
  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  /** The SQL statements `run` sends, as logged. */
  async function statements<T>(run: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
    const spy = jest.spyOn(dataSource.logger, 'logQuery');
    try {
      const result = await run();
      return { result, sql: spy.mock.calls.map(([sql]) => sql) };
    } finally {
      spy.mockRestore();
    }
  }

  it.each<[string, RawQuery]>([
    ['the default sort', {}],
    ['is on a bigint', { 'filter[period_id][is]': String(1) }],
    ['not, counting null as different', { 'filter[period_id][not]': '1' }],
    ['in', { 'filter[period_id][in]': '1,2' }],
    ['like, escaping % _ and backslash', { 'filter[name][like]': '50%' }],
    ['like with a literal _', { 'filter[name][like]': '_' }],
    ['like with a literal backslash', { 'filter[name][like]': '\\' }],
    ['numeric bounds', { 'filter[price][gte]': '5.25', 'filter[price][lte]': '7', sort: '-price' }],
    ['a boolean', { 'filter[is_active][is]': '0' }],
    ['a date in the campus zone', { 'filter[updated_at][lte]': '2024-05-03 07:00:00' }],
    ['a sort with ties and a page', { sort: '-price', 'page[limit]': '3', 'page[offset]': '1' }],
    ['a sort by name', { sort: 'name', 'page[limit]': '2', 'page[offset]': '2' }],
  ])('answers %s exactly as the query builder does, total included', async (_, raw) => {
    const parsed = parseQuery(raw, spec, { timeZone: 'Asia/Jakarta' });
    const qb = dataSource
      .getRepository(Course)
      .createQueryBuilder('course')
      .leftJoinAndSelect('course.period', 'period')
      .where('course.tenant_id = :tenantId', { tenantId: 1 });
    const expected = await applyQuery(qb, parsed).getManyAndCount();
    const { result, sql } = await statements(() =>
      courses.page(dataSource, campus({ with: ['period'] }), parsed),
    );
    expect(result).toEqual(expected);
    expect(sql).toHaveLength(1);
  });

  it('reads to-one relations as an object or null and to-many ones as ordered arrays, nested', async () => {
    const parsed = parseQuery({ 'filter[id][in]': `${algebra.id},${fifty.id}` }, spec);
    const { result, sql } = await statements(() =>
      courses.page(dataSource, campus({ with: ['period', 'lessons.steps', 'tutors.period'] }), parsed),
    );
    expect(sql).toHaveLength(1);
    const [[first, third], total] = result;
    expect(total).toBe(2);
    expect(first.period).toEqual({ id: periods[0].id, name: '2024 Odd' });
    expect(third.period).toBeNull();
    expect(third.lessons).toEqual([]);
    // Values hydrated as TypeORM does: bigint as number, numeric as text, timestamptz as Date.
    expect(first.lessons).toEqual([
      { id: expect.any(Number), courseId: algebra.id, index: 2, hours: '12.0', startAt: null, steps: [] },
      {
        id: expect.any(Number),
        courseId: algebra.id,
        index: 1,
        hours: '1.5',
        startAt: new Date('2024-06-01T08:30:00.123Z'),
        steps: [
          { id: expect.any(Number), lessonId: first.lessons?.[1].id, title: 'a' },
          { id: expect.any(Number), lessonId: first.lessons?.[1].id, title: 'b' },
        ],
      },
    ]);
    expect(first.lessons?.[1].startAt).toBeInstanceOf(Date);
    expect(first.tutors).toEqual([
      { courseId: algebra.id, periodId: periods[0].id, period: { id: periods[0].id, name: '2024 Odd' } },
      { courseId: algebra.id, periodId: periods[1].id, period: { id: periods[1].id, name: '2024 Even' } },
    ]);
    // What was not asked for is not there (a relationship the serializer leaves out).
    expect(first).not.toHaveProperty('steps');
    const [[bare]] = await courses.page(dataSource, campus(), parsed);
    expect(bare).not.toHaveProperty('period');
    expect(bare).not.toHaveProperty('lessons');
  });

  it('fills one property from a variant with its own condition and parameters', async () => {
    const parsed = parseQuery({ 'filter[id][is]': String(algebra.id) }, spec);
    const scope = campus({ with: ['cheapLessons'], params: { tenantId: 1, maxHours: 2 } });
    const [[course]] = await courses.page(dataSource, scope, parsed);
    expect(course.lessons?.map((lesson) => lesson.index)).toEqual([1]);
  });

  it('builds the SQL once per shape: other values reuse the text, another operator does not', async () => {
    const run = (raw: RawQuery) =>
      statements(() => courses.page(dataSource, campus(), parseQuery(raw, spec)));
    const few = await run({ 'filter[period_id][in]': '1', 'filter[name][like]': 'al' });
    const many = await run({
      'filter[period_id][in]': Array.from({ length: 300 }, (_, i) => i + 1).join(','),
      'filter[name][like]': 'x',
    });
    const other = await run({ 'filter[period_id][is]': '1', 'filter[name][like]': 'al' });
    expect(few.result[1]).toBe(1);
    expect(many.result[1]).toBe(0);
    expect(many.sql).toEqual(few.sql);
    expect(other.sql).not.toEqual(few.sql);
  });

  it('answers the total of a page past the end with one more statement', async () => {
    const parsed = parseQuery({ 'page[limit]': '2', 'page[offset]': '10' }, spec);
    const { result, sql } = await statements(() => courses.page(dataSource, campus(), parsed));
    expect(result).toEqual([[], 6]);
    expect(sql).toHaveLength(2);
    expect(await courses.page(dataSource, campus({ params: { tenantId: 3 } }), parseQuery({}, spec))).toEqual(
      [[], 0],
    );
  });

  it('keeps the scope: another campus is another set of rows', async () => {
    const [rows, total] = await courses.page(
      dataSource,
      campus({ params: { tenantId: 2 } }),
      parseQuery({}, spec),
    );
    expect(rows.map((course) => course.name)).toEqual(['Algebra elsewhere']);
    expect(total).toBe(1);
  });

  it('refuses a relation it does not define, a parameter without value and a bad alias', async () => {
    await expect(
      courses.page(dataSource, campus({ with: ['teacher'] }), parseQuery({}, spec)),
    ).rejects.toThrow('List of Course has no relation teacher');
    await expect(courses.page(dataSource, campus({ params: {} }), parseQuery({}, spec))).rejects.toThrow(
      'List parameter :tenantId has no value',
    );
    expect(() => defineList({ entity: Course, alias: 'Course' })).toThrow('lower-case SQL identifier');
    expect(() =>
      defineList({
        entity: Course,
        alias: 'course',
        toOne: { period: { entity: Period, alias: 'course', on: 'true' } },
      }),
    ).toThrow('used twice');
  });
});
