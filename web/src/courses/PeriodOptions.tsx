import type { Period } from './coursesApi';
import { groupPeriods, periodLabel } from './periods';

/** The `<option>`s of a period select: grouped by year (newest first), then by type. */
export function PeriodOptions({ periods }: { periods: readonly Period[] }) {
  return (
    <>
      {groupPeriods(periods).map((group) => (
        <optgroup key={group.year} label={String(group.year)}>
          {group.types.flatMap((type) =>
            type.periods.map((period) => (
              <option key={period.id} value={period.id}>
                {periodLabel(period)}
              </option>
            )),
          )}
        </optgroup>
      ))}
    </>
  );
}
