import type { TFunction } from 'i18next';
import i18n from '../i18n/i18n';
import type { Period, PublicCourse } from './coursesApi';

/**
 * A period as the interface names it, in the interface language: academic year and type
 * ("2026/2027 Odd semester"); null for a type the interface has no name for.
 */
function named(
  t: TFunction,
  year: number | null | undefined,
  type: string | null | undefined,
): string | null {
  const key = `periodNames.${type}`;
  if (!year || !type || !i18n.exists(key)) return null;
  return t('periodNames.label', { year, next: year + 1, type: t(key) });
}

/** The period a course runs in, by the same label wherever it is shown (with or without the period included). */
export function periodOf(t: TFunction, course: PublicCourse): string {
  const year = course.period_year ?? (course.period?.year as number | undefined);
  const type = course.period_type ?? (course.period?.period_type as string | undefined);
  return (
    named(t, year, type) ??
    course.period?.name ??
    [course.period_year, course.period_type].filter(Boolean).join(' ')
  );
}

/** Periods of one year, by type (spec 01 §3: periods are grouped by year, then type). */
export interface PeriodYear {
  year: number;
  types: Array<{ type: string; periods: Period[] }>;
}

/** A period's label: as the interface names it, else its own name, else its year and type. */
export function periodLabel(t: TFunction, period: Pick<Period, 'name' | 'year' | 'period_type'>): string {
  return (
    named(t, period.year, period.period_type) ??
    (period.name?.trim() || `${period.year} ${period.period_type}`)
  );
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
            (a, b) => (a.name ?? '').localeCompare(b.name ?? '') || Number(a.id) - Number(b.id),
          ),
        })),
    }));
}
