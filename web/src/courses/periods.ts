import type { Period, PublicCourse } from './coursesApi';

/** The period a course runs in: its name, else year and type (`2025 GANJIL`). */
export function periodOf(course: PublicCourse): string {
  return course.period?.name ?? [course.period_year, course.period_type].filter(Boolean).join(' ');
}

/** Periods of one year, by type (spec 01 §3: periods are grouped by year, then type). */
export interface PeriodYear {
  year: number;
  types: Array<{ type: string; periods: Period[] }>;
}

/** A period's label: its name, else its year and type. */
export function periodLabel(period: Period): string {
  return period.name?.trim() || `${period.year} ${period.period_type}`;
}

/** Groups periods by year (newest first), then by type (alphabetical); names order each type. */
export function groupPeriods(periods: readonly Period[]): PeriodYear[] {
  const years = new Map<number, Map<string, Period[]>>();
  for (const period of periods) {
    const types = years.get(period.year) ?? new Map<string, Period[]>();
    years.set(period.year, types);
    types.set(period.period_type, [...(types.get(period.period_type) ?? []), period]);
  }
  return [...years.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, types]) => ({
      year,
      types: [...types.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([type, list]) => ({
          type,
          periods: [...list].sort(
            (a, b) => periodLabel(a).localeCompare(periodLabel(b)) || Number(a.id) - Number(b.id),
          ),
        })),
    }));
}
