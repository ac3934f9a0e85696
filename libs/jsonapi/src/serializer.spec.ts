import { expectJsonApiDocument } from '../test-support/json-api-schema';
import { JsonApiException } from './errors';
import { defineResource } from './resource';
import { readAttributes, type ResourceType, toDocument, toMany, toOne } from './serializer';
import { z } from './schema';

interface User {
  id: number;
  name: string;
}
interface Lecturer {
  id: number;
  nidn: string;
  user?: User;
}
interface Activity {
  id: number;
  name: string;
}
interface Module {
  id: number;
  name: string;
  activities?: Activity[];
}
interface Course {
  id: number;
  name: string;
  type: string;
  startAt: Date;
  lecturer?: Lecturer | null;
  modules?: Module[];
  parent?: Course | null;
}

const userResource = defineResource({
  name: 'User',
  type: 'users',
  schema: { name: z.string() },
  attributes: (user: User) => ({ name: user.name }),
});
const lecturerResource = defineResource({
  name: 'Lecturer',
  type: 'lecturers',
  schema: { nidn: z.string() },
  attributes: (lecturer: Lecturer) => ({ nidn: lecturer.nidn }),
  relationships: {
    user: toOne(
      () => userResource,
      (lecturer: Lecturer) => lecturer.user,
    ),
  },
});
const activityResource = defineResource({
  name: 'Activity',
  type: 'activities',
  schema: { name: z.string() },
  attributes: (activity: Activity) => ({ name: activity.name }),
});
const moduleResource = defineResource({
  name: 'Module',
  type: 'modules',
  schema: { name: z.string() },
  attributes: (module: Module) => ({ name: module.name }),
  relationships: {
    activities: toMany(
      () => activityResource,
      (module: Module) => module.activities,
    ),
  },
});
const courseResource: ResourceType<Course> = defineResource({
  name: 'Course',
  type: 'courses',
  schema: { id: z.int(), name: z.string(), type: z.string(), start_at: z.date() },
  attributes: (course: Course) => ({
    id: course.id,
    name: course.name,
    type: course.type,
    start_at: course.startAt,
  }),
  relationships: {
    lecturer: toOne(
      () => lecturerResource,
      (course: Course) => course.lecturer,
    ),
    modules: toMany(
      () => moduleResource,
      (course: Course) => course.modules,
    ),
    parent: toOne(
      () => courseResource,
      (course: Course) => course.parent,
    ),
  },
});

// A relationship's entities must be those its resource describes, one or a list as it says.
const lecturerOfCourse = (course: Course) => course.lecturer;
// @ts-expect-error -- lecturers are not modules
toOne(() => moduleResource, lecturerOfCourse);
// @ts-expect-error -- a course has one lecturer, not a list
toMany(() => lecturerResource, lecturerOfCourse);

const start = new Date('2024-08-01T01:00:00Z');
const course = (id: number, extra: Partial<Course> = {}): Course => ({
  id,
  name: `Course ${id}`,
  type: 'regular',
  startAt: start,
  ...extra,
});

describe('toDocument', () => {
  it('writes one resource with a string id and wire attributes', () => {
    const document = toDocument(courseResource, course(12));
    expect(document).toEqual({
      data: {
        id: '12',
        type: 'courses',
        attributes: { name: 'Course 12', courses_type: 'regular', start_at: '2024-08-01 01:00:00' },
      },
    });
    expectJsonApiDocument(document);
  });

  it('writes dates, also inside objects and lists, in the given time zone', () => {
    const resource = defineResource({
      name: 'Dates',
      type: 'courses',
      schema: {
        start_at: z.date(),
        window: z.object({ from: z.date() }),
        history: z.array(z.date().nullable()),
      },
      attributes: (c: Course) => ({
        start_at: c.startAt,
        window: { from: c.startAt },
        history: [c.startAt, null],
      }),
    });
    const document = toDocument(resource, course(1), { timeZone: 'Asia/Jakarta' });
    expect(document.data).toMatchObject({
      attributes: {
        start_at: '2024-08-01 08:00:00',
        window: { from: '2024-08-01 08:00:00' },
        history: ['2024-08-01 08:00:00', null],
      },
    });
    expectJsonApiDocument(document);
  });

  it('copies an object or a list only to write the dates inside it, leaving the entity as it was', () => {
    const scores = { 'exams:1': 80, 'tasks:2': null };
    const window = { from: start, note: 'open' };
    const history = [start, null];
    const resource = defineResource({
      name: 'Mixed',
      type: 'courses',
      schema: {
        scores: z.record(z.string(), z.number().nullable()),
        window: z.object({ from: z.date(), note: z.string() }),
        history: z.array(z.date().nullable()),
      },
      attributes: () => ({ scores, window, history }),
    });
    const { attributes } = toDocument(resource, course(1)).data as { attributes: Record<string, unknown> };
    expect(attributes.scores).toBe(scores);
    expect(attributes.window).toEqual({ from: '2024-08-01 01:00:00', note: 'open' });
    expect(attributes.history).toEqual(['2024-08-01 01:00:00', null]);
    expect(window.from).toBe(start);
    expect(history[0]).toBe(start);
  });

  it('takes the id from the id function when given', () => {
    const resource = defineResource({
      name: 'Code',
      type: 'codes',
      schema: {},
      id: (c: Course) => `c-${c.id}`,
      attributes: () => ({}),
    });
    expect(toDocument(resource, course(3)).data).toEqual({ id: 'c-3', type: 'codes', attributes: {} });
  });

  it('throws when a resource has no id', () => {
    const things = defineResource({ name: 'Thing', type: 'things', schema: {}, attributes: () => ({}) });
    expect(() => toDocument(things, { name: 'x' })).toThrow('A things resource has no id');
  });

  it('writes a list with meta, and an empty list and null', () => {
    const list = toDocument(courseResource, [course(1), course(2)], {
      meta: { total: 2, limit: 10, offset: 0 },
    });
    expect((list.data as unknown[]).length).toBe(2);
    expect(list.meta).toEqual({ total: 2, limit: 10, offset: 0 });
    expectJsonApiDocument(list);
    const empty = toDocument(courseResource, [], { meta: { total: 0, limit: 10, offset: 0 } });
    expect(empty).toEqual({ data: [], meta: { total: 0, limit: 10, offset: 0 } });
    expectJsonApiDocument(empty);
    const nothing = toDocument(courseResource, null);
    expect(nothing).toEqual({ data: null });
    expectJsonApiDocument(nothing);
  });

  it('sends each primary resource once', () => {
    const document = toDocument(courseResource, [course(1), course(2), course(1)]);
    expect((document.data as { id: string }[]).map(({ id }) => id)).toEqual(['1', '2']);
    expectJsonApiDocument(document);
  });

  it('links loaded relationships (one, many, none) and leaves out those not loaded', () => {
    const document = toDocument(
      courseResource,
      course(1, { lecturer: null, modules: [{ id: 5, name: 'M' }] }),
    );
    expect(document.data).toEqual({
      id: '1',
      type: 'courses',
      attributes: expect.any(Object),
      relationships: {
        lecturer: { data: null },
        modules: { data: [{ type: 'modules', id: '5' }] },
      },
    });
    expect(document.included).toBeUndefined();
    expectJsonApiDocument(document);
  });

  describe('with include paths', () => {
    const shared: Activity = { id: 100, name: 'Shared quiz' };
    const lecturer: Lecturer = { id: 9, nidn: '0012', user: { id: 90, name: 'Dr. Sari' } };
    const courses = [
      course(1, {
        lecturer,
        modules: [
          { id: 10, name: 'Week 1', activities: [{ id: 101, name: 'Reading' }, shared] },
          { id: 11, name: 'Week 2', activities: [shared] },
        ],
      }),
      course(2, { lecturer, modules: [], parent: course(1) }),
    ];
    const keys = (included: { type: string; id: string }[] | undefined) =>
      (included ?? []).map(({ type, id }) => `${type}:${id}`);

    it('includes only the requested relationships', () => {
      const document = toDocument(courseResource, courses, { include: ['modules'] });
      expect(keys(document.included)).toEqual(['modules:10', 'modules:11']);
      // Linkage of a loaded but not included relationship is still sent.
      expect(document.included?.[0].relationships).toEqual({
        activities: {
          data: [
            { type: 'activities', id: '101' },
            { type: 'activities', id: '100' },
          ],
        },
      });
      expectJsonApiDocument(document);
    });

    it('walks nested paths, including every resource on the way, each once', () => {
      const document = toDocument(courseResource, courses, {
        include: ['modules.activities', 'lecturer', 'lecturer.user'],
      });
      expect(keys(document.included)).toEqual([
        'modules:10',
        'modules:11',
        'activities:101',
        'activities:100',
        'lecturers:9',
        'users:90',
      ]);
      expectJsonApiDocument(document);
    });

    it('never repeats a primary resource in included', () => {
      const document = toDocument(courseResource, courses, { include: ['parent'] });
      expect(document.included).toEqual([]);
      expect((document.data as { relationships?: unknown }[])[1].relationships).toMatchObject({
        parent: { data: { type: 'courses', id: '1' } },
      });
      expectJsonApiDocument(document);
    });

    it('includes nothing for a relationship that is not loaded', () => {
      const document = toDocument(courseResource, course(3), { include: ['modules.activities'] });
      expect(document.included).toEqual([]);
      expectJsonApiDocument(document);
    });

    it('throws for a path the resource has no relationship for', () => {
      expect(() => toDocument(courseResource, courses, { include: ['modules.students'] })).toThrow(
        'Resource modules has no relationship students (include path modules.students)',
      );
      expect(() => toDocument(courseResource, courses, { include: ['constructor'] })).toThrow(
        'Resource courses has no relationship constructor',
      );
    });
  });
});

describe('readAttributes', () => {
  it('reads JSON:API attributes, a data object, or a plain body', () => {
    expect(readAttributes({ data: { type: 'courses', attributes: { name: 'A', type: 'x' } } })).toEqual({
      name: 'A',
      type: 'x',
    });
    expect(readAttributes({ data: { action: 'update', token: 't' } })).toEqual({
      action: 'update',
      token: 't',
    });
    expect(readAttributes({ name: 'A' })).toEqual({ name: 'A' });
  });

  it.each([
    [undefined, 'The request body must be a JSON object'],
    [null, 'The request body must be a JSON object'],
    ['text', 'The request body must be a JSON object'],
    [[{ name: 'A' }], 'The request body must be a JSON object'],
    [{ data: null }, 'data must be an object'],
    [{ data: [{ name: 'A' }] }, 'data must be an object'],
    [{ data: { attributes: 'x' } }, 'data.attributes must be an object'],
    [{ data: { attributes: [] } }, 'data.attributes must be an object'],
  ])('refuses %j with a 400', (body, detail) => {
    try {
      readAttributes(body);
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(JsonApiException);
      expect((error as JsonApiException).errors).toEqual([{ status: '400', title: 'Bad Request', detail }]);
    }
  });
});
