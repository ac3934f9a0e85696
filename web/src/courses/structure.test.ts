import { describe, expect, it } from 'vitest';
import {
  applyOrder,
  byIndex,
  changedFields,
  contentableOf,
  dropOn,
  fromLocalInput,
  moveBy,
  moveItem,
  nextIndex,
  selectionOf,
  toLocalInput,
} from './structure';
import type { CourseActivity, CourseModule } from './coursesApi';

const times = { is_active: true, start_at: null, end_at: null };
const activity = (id: string, name: string, index: number): CourseActivity => ({
  id,
  name,
  index,
  module_id: 1,
  parent_id: null,
  ...times,
});
const modules: CourseModule[] = [
  { id: '1', name: 'Intro', index: 0, course_id: 1, ...times, activities: [activity('11', 'What', 0)] },
  { id: '2', name: 'Loops', index: 1, course_id: 1, ...times, activities: [] },
];

describe('ordering', () => {
  it('sorts by index, then id', () => {
    expect(
      byIndex([
        { id: '3', index: 1 },
        { id: '2', index: 0 },
        { id: '1', index: 1 },
      ]).map((item) => item.id),
    ).toEqual(['2', '1', '3']);
    expect(byIndex(undefined)).toEqual([]);
  });

  it('moves items by position, clamped', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('moves one step up or down, or not at the ends', () => {
    expect(moveBy(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 'a', -1)).toBeNull();
    expect(moveBy(['a', 'b', 'c'], 'c', 1)).toBeNull();
    expect(moveBy(['a'], 'x', 1)).toBeNull();
  });

  it('drops a dragged item into the target’s place', () => {
    expect(dropOn(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(dropOn(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(dropOn(['a', 'b'], 'a', 'a')).toBeNull();
    expect(dropOn(['a', 'b'], 'x', 'a')).toBeNull();
  });

  it('gives items their new positions as indexes', () => {
    const items = [
      { id: 'a', index: 0 },
      { id: 'b', index: 1 },
    ];
    applyOrder(items, ['b', 'a']);
    expect(byIndex(items).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('puts a new content after the highest index', () => {
    expect(nextIndex([{ index: 0 }, { index: 4 }, { index: 2 }])).toBe(5);
    expect(nextIndex([])).toBe(0);
  });
});

describe('selection', () => {
  it('resolves module and activity ids against the tree', () => {
    expect(selectionOf(modules, '1', '11')).toEqual({
      module: modules[0],
      activity: modules[0].activities![0],
    });
    expect(selectionOf(modules, '2', '11')).toEqual({ module: modules[1], activity: null });
    expect(selectionOf(modules, '9', undefined)).toEqual({ module: null, activity: null });
  });

  it('names what contents hang on', () => {
    expect(contentableOf(selectionOf(modules, '1', '11'))).toEqual({ type: 'activities', id: '11' });
    expect(contentableOf(selectionOf(modules, '2', null))).toEqual({ type: 'modules', id: '2' });
    expect(contentableOf({ module: null, activity: null })).toBeNull();
  });
});

describe('changes and dates', () => {
  it('sends only modified fields', () => {
    expect(
      changedFields({ name: 'A', content: 'x', type: 'text' }, { name: 'B', content: 'x', type: 'text' }),
    ).toEqual({ name: 'B' });
    expect(changedFields({ name: 'A', content: null }, { name: 'A', content: null })).toEqual({});
  });

  it('converts date-time inputs to the wire format and back', () => {
    expect(fromLocalInput('2025-08-25T09:30')).toBe('2025-08-25 09:30:00');
    expect(fromLocalInput('2025-08-25T09:30:15')).toBe('2025-08-25 09:30:15');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(new Date(2025, 7, 5, 9, 3))).toBe('2025-08-05T09:03');
  });
});
