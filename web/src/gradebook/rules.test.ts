import { describe, expect, it } from 'vitest';
import type { GradebookColumn } from './gradebookTypes';
import { bandProblems, parseScore, STANDARD_BANDS, sum, weightCalls } from './rules';

const column = (key: string, percentage: number, grade_id: string | null): GradebookColumn => {
  const [gradeable_type, gradeable_id] = key.split(':') as [GradebookColumn['gradeable_type'], string];
  return { key, gradeable_type, gradeable_id, title: key, percentage, grade_id };
};

describe('a typed score', () => {
  it('reads decimal points and commas, up to two decimals, 0 to 100; empty clears', () => {
    expect(parseScore('85')).toEqual({ ok: true, value: 85 });
    expect(parseScore(' 72,5 ')).toEqual({ ok: true, value: 72.5 });
    expect(parseScore('0')).toEqual({ ok: true, value: 0 });
    expect(parseScore('100')).toEqual({ ok: true, value: 100 });
    expect(parseScore('.25')).toEqual({ ok: true, value: 0.25 });
    expect(parseScore('')).toEqual({ ok: true, value: null });
    expect(parseScore('abc')).toEqual({ ok: false, error: 'number' });
    expect(parseScore('8 5')).toEqual({ ok: false, error: 'number' });
    expect(parseScore('100.01')).toEqual({ ok: false, error: 'range' });
    expect(parseScore('-1')).toEqual({ ok: false, error: 'range' });
    expect(parseScore('70.125')).toEqual({ ok: false, error: 'decimals' });
  });

  it('sums to two decimals', () => {
    expect(sum([33.33, 33.33, 33.34])).toBe(100);
    expect(sum([0.1, 0.2])).toBe(0.3);
  });
});

describe('the weights sync rule (spec 01 §4)', () => {
  const columns = [
    column('exams:1', 40, '7'),
    column('tasks:2', 30, '8'),
    column('forms:3', 10, '9'),
    column('courseactivities:4', 0, null),
    column('courseactivities:5', 0, null),
  ];

  it('deletes a weight set to 0, updates a changed one, creates a new one, in that order', () => {
    expect(
      weightCalls(columns, { 'exams:1': 50, 'tasks:2': 30, 'forms:3': 0, 'courseactivities:4': 20 }),
    ).toEqual([
      { kind: 'delete', id: '9', key: 'forms:3' },
      { kind: 'update', id: '7', key: 'exams:1', percentage: 50 },
      {
        kind: 'create',
        key: 'courseactivities:4',
        gradeable_type: 'courseactivities',
        gradeable_id: '4',
        percentage: 20,
      },
    ]);
  });

  it('makes no call for an unchanged weight nor for a gradeable left at 0', () => {
    expect(weightCalls(columns, {})).toEqual([]);
    expect(weightCalls(columns, { 'exams:1': 40, 'courseactivities:5': 0 })).toEqual([]);
  });
});

describe('index bands', () => {
  it('accepts bands that touch with a step of 0.01, whatever their order in the list', () => {
    expect(bandProblems(STANDARD_BANDS).size).toBe(0);
    expect(bandProblems([...STANDARD_BANDS].reverse()).size).toBe(0);
    expect(
      bandProblems([
        { index: 'B', min: 0, max: 79.99 },
        { index: 'A', min: 80, max: 100 },
      ]).size,
    ).toBe(0);
  });

  it('names the band that overlaps or leaves a gap after the band below it', () => {
    const overlap = bandProblems([
      { index: 'A', min: 79.99, max: 100 },
      { index: 'B', min: 0, max: 79.99 },
    ]);
    expect([...overlap]).toEqual([[0, 'overlap']]);
    const gap = bandProblems([
      { index: 'A', min: 80.5, max: 100 },
      { index: 'B', min: 0, max: 79.99 },
    ]);
    expect([...gap]).toEqual([[0, 'gap']]);
  });

  it('wants a letter, each once, and 0 ≤ min ≤ max ≤ 100', () => {
    expect(
      bandProblems([
        { index: ' ', min: 90, max: 100 },
        { index: 'a', min: 80, max: 89.99 },
        { index: 'A', min: 70, max: 79.99 },
        { index: 'C', min: 60, max: 100.5 },
        { index: 'D', min: 50, max: 40 },
      ]),
    ).toEqual(
      new Map([
        [0, 'index'],
        [2, 'duplicate'],
        [3, 'range'],
        [4, 'order'],
      ]),
    );
    expect([...bandProblems([{ index: 'A', min: Number.NaN, max: 100 }])]).toEqual([[0, 'range']]);
  });
});
