/** How the staff screens write the numbers of scores and statistics. */

/** A share (0–1) as a whole percentage; a dash when there is none. */
export const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)} %`);

/** Two decimal places (difficulty, discrimination); a dash when there is none. */
export const decimal = (value: number | null) => (value === null ? '—' : value.toFixed(2));

/** A score as the service keeps it (up to two decimals, no trailing zeros); a dash when there is none. */
export const scoreText = (value: number | null) =>
  value === null ? '—' : String(Math.round(value * 100) / 100);

/** `+4.5`, `−2`: how a score moved; a dash when one side is missing. */
export function differenceOf(before: number | null, after: number | null): string {
  if (before === null || after === null) return '—';
  const delta = Math.round((after - before) * 100) / 100;
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${Math.abs(delta)}` : '0';
}
