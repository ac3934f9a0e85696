import { describe, expect, it } from 'vitest';
import type { Period } from './coursesApi';
import { groupPeriods, periodLabel } from './periods';

const period = (id: string, year: number, type: string, name = ''): Period => ({
  id,
  name,
  year,
  period_type: type,
  is_active: true,
});

describe('groupPeriods', () => {
  it('groups by year, newest first, then by type', () => {
    const groups = groupPeriods([
      period('1', 2024, 'GENAP', '2024/2025 Even'),
      period('2', 2025, 'GANJIL', '2025/2026 Odd'),
      period('3', 2024, 'GANJIL', '2024/2025 Odd'),
      period('4', 2025, 'GENAP', '2025/2026 Even'),
    ]);
    expect(groups.map((group) => group.year)).toEqual([2025, 2024]);
    expect(groups[0].types.map((group) => group.type)).toEqual(['GANJIL', 'GENAP']);
    expect(groups[1].types.map((group) => group.periods.map((p) => p.id))).toEqual([['3'], ['1']]);
  });

  it('keeps several periods of one type together and is empty for no periods', () => {
    const [year] = groupPeriods([period('8', 2025, 'SHORT', 'b'), period('7', 2025, 'SHORT', 'a')]);
    expect(year.types).toHaveLength(1);
    expect(year.types[0].periods.map((p) => p.id)).toEqual(['7', '8']);
    expect(groupPeriods([])).toEqual([]);
  });
});

describe('periodLabel', () => {
  it('is the name, else year and type', () => {
    expect(periodLabel(period('1', 2025, 'GANJIL', '2025/2026 Odd Semester'))).toBe('2025/2026 Odd Semester');
    expect(periodLabel(period('1', 2025, 'GANJIL'))).toBe('2025 GANJIL');
  });
});
