import { describe, expect, it } from 'vitest';
import { addDays, addMonths, isDay, isMonth, monthWeeks, sameDayIn, weekdayOf } from './calendar';

describe('calendar arithmetic', () => {
  it('lays a month out in Monday-to-Sunday weeks', () => {
    const february = monthWeeks('2026-02');
    // 1 February 2026 is a Sunday: the first week starts on Monday 26 January.
    expect(february[0]).toEqual([
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
    ]);
    expect(february.at(-1)?.at(-1)).toBe('2026-03-01');
    expect(february).toHaveLength(5);
    expect(monthWeeks('2026-06')).toHaveLength(5);
    // March 2026 starts on a Sunday and has 31 days: six rows.
    expect(monthWeeks('2026-03')).toHaveLength(6);
  });

  it('moves by days and months across year ends and short months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(sameDayIn('2026-01-31', '2026-02')).toBe('2026-02-28');
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekdayOf('2026-11-29')).toBe(6);
  });

  it('tells days and months from anything else', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('tomorrow')).toBe(false);
    expect(isMonth('2026-12')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
  });
});
