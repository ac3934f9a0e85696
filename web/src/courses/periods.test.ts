import { afterEach, describe, expect, it } from 'vitest';
import i18n, { applyLanguage } from '../i18n/i18n';
import type { Course, Period } from './coursesApi';
import { groupPeriods, periodLabel, periodOf } from './periods';

const t = i18n.t.bind(i18n);

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

describe('a period label', () => {
  afterEach(() => applyLanguage('en'));

  it('is one label, whether the period comes with its name or as year and type, in the interface language', async () => {
    expect(periodLabel(t, period('1', 2026, 'GANJIL', '2026/2027 Odd Semester'))).toBe(
      '2026/2027 Odd Semester',
    );
    expect(periodLabel(t, period('1', 2026, 'GENAP'))).toBe('2026/2027 Even Semester');
    const listed = { period_year: 2026, period_type: 'GANJIL', period: null } as unknown as Course;
    const included = {
      period_year: null,
      period_type: null,
      period: { id: '1', name: '2026/2027 Odd Semester', year: 2026, period_type: 'GANJIL' },
    } as unknown as Course;
    expect(periodOf(t, listed)).toBe('2026/2027 Odd Semester');
    expect(periodOf(t, included)).toBe('2026/2027 Odd Semester');
    await applyLanguage('de');
    expect(periodOf(t, listed)).toBe('Ungerades Semester 2026/2027');
    await applyLanguage('id');
    expect(periodOf(t, included)).toBe('Semester Ganjil 2026/2027');
    expect(periodLabel(t, period('1', 2026, 'GENAP'))).toBe('Semester Genap 2026/2027');
  });

  it('keeps the name, else year and type, of a type the interface has no name for', () => {
    expect(periodLabel(t, period('1', 2025, 'SHORT', 'Summer school 2025'))).toBe('Summer school 2025');
    expect(periodLabel(t, period('1', 2025, 'SHORT'))).toBe('2025 SHORT');
  });
});
