import { planStructureCopy, type SourceActivity, type SourceContent } from './structure-copy.plan';

const activity = (id: number, index: number, parentId: number | null = null): SourceActivity => ({
  id,
  index,
  parentId,
});
const content = (
  id: number,
  contentableType: SourceContent['contentableType'],
  contentableId: number,
  index: number,
  deletedAt: Date | null = null,
): SourceContent => ({ id, contentableType, contentableId, index, deletedAt });

/** Source course 1: modules 10 (index 1) and 20 (index 0); activities 11, 12 (child of 11) in 10. */
const modules = [
  { id: 10, index: 1, activities: [activity(12, 1, 11), activity(11, 0)] },
  { id: 20, index: 0, activities: [] },
];

const plan = (contents: SourceContent[] = [], overrides = {}) =>
  planStructureCopy({ modules, contents, firstModuleIndex: 5, firstCourseContentIndex: 3, ...overrides });

describe('planStructureCopy (replicating a course structure)', () => {
  it('puts the modules after the target’s own, in their order', () => {
    expect(plan().modules.map(({ source, index }) => [source.id, index])).toEqual([
      [20, 5],
      [10, 6],
    ]);
  });

  it('copies activities in order under their module’s copy, keeping index and nesting', () => {
    expect(plan().activities.map(({ source, module, parent }) => [source.id, module, parent])).toEqual([
      [11, 10, null],
      [12, 10, 11],
    ]);
  });

  it('makes an activity whose parent is not copied a top-level one', () => {
    const orphan = { id: 30, index: 0, activities: [activity(31, 0, 999)] };
    const { activities } = plan([], { modules: [orphan] });
    expect(activities).toEqual([{ source: orphan.activities[0], module: 30, parent: null }]);
  });

  it('appends course-level contents after the target’s, in their order; others keep their index', () => {
    const { contents } = plan([
      content(3, 'courses', 1, 4),
      content(1, 'courses', 1, 0),
      content(2, 'modules', 20, 7),
      content(4, 'activities', 12, 2),
    ]);
    expect(contents.map(({ source, owner, index }) => [source.id, owner, index])).toEqual([
      [1, { type: 'courses' }, 3],
      [4, { type: 'activities', source: 12 }, 2],
      [3, { type: 'courses' }, 4],
      [2, { type: 'modules', source: 20 }, 7],
    ]);
  });

  it('leaves archived contents and contents of places that are not copied behind', () => {
    const { contents } = plan([
      content(1, 'courses', 1, 0, new Date('2026-01-01T00:00:00Z')),
      content(2, 'modules', 99, 0),
      content(3, 'activities', 98, 0),
      content(4, 'activities', 11, 0),
    ]);
    expect(contents.map(({ source }) => source.id)).toEqual([4]);
  });

  it('plans nothing for an empty course', () => {
    expect(plan([], { modules: [] })).toEqual({ modules: [], activities: [], contents: [] });
  });
});
