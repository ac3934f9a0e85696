import { describe, expect, it } from 'vitest';
import { passingBin } from './Charts';

describe('the passing grade on a score histogram', () => {
  const bins = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((from) => ({ from, label: `${from}` }));

  it('falls in the range that holds it, the last range holding everything above its start', () => {
    expect(passingBin(bins, 60)?.label).toBe('60');
    expect(passingBin(bins, 65.5)?.label).toBe('60');
    expect(passingBin(bins, 9.99)?.label).toBe('0');
    expect(passingBin(bins, 100)?.label).toBe('90');
  });

  it('is not marked for a passing grade of 0 or none', () => {
    expect(passingBin(bins, 0)).toBeUndefined();
    expect(passingBin(bins, Number.NaN)).toBeUndefined();
    expect(passingBin([], 60)).toBeUndefined();
  });
});
