import { useTranslation } from 'react-i18next';
import type { Period } from './coursesApi';
import { groupPeriods, periodLabel } from './periods';

/**
 * The `<option>`s of a period select: grouped by academic year (newest first), then by type; several periods
 * of one type are told apart by their own names.
 */
export function PeriodOptions({ periods }: { periods: readonly Period[] }) {
  const { t } = useTranslation();
  const labelOf = (period: Period, several: boolean) => {
    const label = periodLabel(t, period);
    const name = period.name?.trim();
    return several && name && name !== label ? `${label} (${name})` : label;
  };
  return (
    <>
      {groupPeriods(periods).map((group) => (
        <optgroup
          key={group.year}
          label={t('periodNames.academicYear', { year: group.year, next: group.year + 1 })}
        >
          {group.types.flatMap((type) =>
            type.periods.map((period) => (
              <option key={period.id} value={period.id}>
                {labelOf(period, type.periods.length > 1)}
              </option>
            )),
          )}
        </optgroup>
      ))}
    </>
  );
}
