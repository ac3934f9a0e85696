import { bandIssues, bandOf } from './bands';

describe('index bands', () => {
  const scale = [
    { index: 'A', min: 85, max: 100 },
    { index: 'B', min: 70, max: 84.99 },
    { index: 'C', min: 0, max: 69.99 },
  ];

  it('accepts bands that touch at 0.01 in any order', () => {
    expect(bandIssues(scale)).toEqual([]);
    expect(bandIssues([scale[2], scale[0], scale[1]])).toEqual([]);
    expect(bandIssues([])).toEqual([]);
  });

  it('names an overlap, a gap, a reversed range and a letter given twice', () => {
    expect(bandIssues([scale[0], { index: 'B', min: 70, max: 85 }, scale[2]])).toEqual([
      { at: 0, field: 'min', detail: 'band A (85–100) overlaps band B (70–85)' },
    ]);
    expect(bandIssues([scale[0], { index: 'B', min: 70, max: 84 }])).toEqual([
      { at: 0, field: 'min', detail: "band A must start at 84.01, 0.01 above band B's max: it leaves a gap" },
    ]);
    expect(bandIssues([{ index: 'A', min: 90, max: 80 }])).toEqual([
      { at: 0, field: 'min', detail: 'min of band A is above its max' },
    ]);
    expect(bandIssues([scale[0], { index: 'a', min: 70, max: 84.99 }])).toEqual([
      { at: 1, field: 'index', detail: 'band a appears twice' },
    ]);
  });

  it('finds the band of a two-decimal score, or none', () => {
    expect(bandOf(scale, 84.99)).toBe('B');
    expect(bandOf(scale, 85)).toBe('A');
    expect(bandOf(scale, 0)).toBe('C');
    expect(bandOf(scale.slice(0, 2), 69.99)).toBeNull();
  });
});
