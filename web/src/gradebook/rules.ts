/**
 * The gradebook editors' rules, kept apart from the screens so they are tested on their own: what
 * a typed score means, which weight calls a save makes (spec 01 §4's sync rule) and whether index
 * bands leave no overlap and no gap (the gradebook contract of issue 15).
 */
import type { Band, GradebookColumn, GradeableType } from './gradebookTypes';

/** A typed number: a decimal point or comma, at most two decimals; null when nothing is typed. */
export type Parsed =
  { ok: true; value: number | null } | { ok: false; error: 'number' | 'range' | 'decimals' };

export function parseScore(text: string): Parsed {
  const typed = text.trim().replace(',', '.');
  if (typed === '') return { ok: true, value: null };
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(typed)) return { ok: false, error: 'number' };
  const value = Number(typed);
  if (value < 0 || value > 100) return { ok: false, error: 'range' };
  if (!/^-?\d*(\.\d{0,2})?$/.test(typed)) return { ok: false, error: 'decimals' };
  return { ok: true, value };
}

/** A score as the service keeps it (up to two decimals, no trailing zeros); empty when none. */
export const scoreInput = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Math.round(value * 100) / 100);

/** A score or a final score to read: two decimals; a dash when there is none. */
export const scoreText = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** Sums to two decimals, as the service does (0.1 + 0.2 is 0.3 here). */
export const sum = (values: number[]) =>
  Math.round(values.reduce((total, value) => total + value * 100, 0)) / 100;

/** A weight call of the sync rule: delete when flagged, update when it has an id, otherwise create. */
export type WeightCall =
  | { kind: 'delete'; id: string; key: string }
  | { kind: 'update'; id: string; key: string; percentage: number }
  | {
      kind: 'create';
      key: string;
      gradeable_type: GradeableType;
      gradeable_id: number | string;
      percentage: number;
    };

/**
 * The calls that bring the stored weights to the edited ones. A gradeable set to 0 (or left
 * empty) carries no weight: its entry is flagged for deletion when it has one, and none is
 * created; an unchanged weight makes no call. Deletions come first, then updates, then creations,
 * so the stored total never passes above what both sides allow.
 */
export function weightCalls(columns: GradebookColumn[], edited: Record<string, number>): WeightCall[] {
  const calls: WeightCall[] = [];
  for (const column of columns) {
    const percentage = edited[column.key] ?? column.percentage;
    const id = column.grade_id === null ? null : String(column.grade_id);
    if (id !== null && percentage === 0) calls.push({ kind: 'delete', id, key: column.key });
    else if (id !== null && percentage !== column.percentage)
      calls.push({ kind: 'update', id, key: column.key, percentage });
    else if (id === null && percentage > 0)
      calls.push({
        kind: 'create',
        key: column.key,
        gradeable_type: column.gradeable_type,
        gradeable_id: column.gradeable_id,
        percentage,
      });
  }
  const order = { delete: 0, update: 1, create: 2 } as const;
  return calls.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** What is wrong with one band of an edited list, by its place in the list. */
export type BandProblem = 'index' | 'duplicate' | 'range' | 'order' | 'overlap' | 'gap';

/** The gap between two neighbouring bands: the next band's min is this band's max + 0.01. */
export const BAND_STEP = 0.01;

const cents = (value: number) => Math.round(value * 100);

/**
 * Checks edited bands as the service does: each has a letter (each letter once), 0 ≤ min ≤ max ≤
 * 100; sorted by min, each band starts 0.01 above the max of the band below it — neither an
 * overlap nor a gap, so a score with two decimals falls in exactly one band. Answers the problems
 * by the bands' places in the given list (a band appears once, with its first problem).
 */
export function bandProblems(bands: Band[]): Map<number, BandProblem> {
  const problems = new Map<number, BandProblem>();
  const seen = new Map<string, number>();
  bands.forEach((band, at) => {
    const letter = band.index.trim().toUpperCase();
    if (!letter) problems.set(at, 'index');
    else if (seen.has(letter)) problems.set(at, 'duplicate');
    else if (!(band.min >= 0 && band.max <= 100)) problems.set(at, 'range');
    else if (band.min > band.max) problems.set(at, 'order');
    seen.set(letter, at);
  });
  const ascending = bands
    .map((band, at) => ({ band, at }))
    .sort((a, b) => a.band.min - b.band.min || a.band.max - b.band.max);
  for (let next = 1; next < ascending.length; next += 1) {
    const below = ascending[next - 1].band;
    const { band, at } = ascending[next];
    if (problems.has(at)) continue;
    const step = cents(band.min) - cents(below.max);
    if (step < cents(BAND_STEP)) problems.set(at, 'overlap');
    else if (step > cents(BAND_STEP)) problems.set(at, 'gap');
  }
  return problems;
}

/**
 * A common letter scale to start from (Indonesian universities' A–E with plus and minus steps),
 * highest first, each band touching the next without a gap.
 */
export const STANDARD_BANDS: Band[] = [
  { index: 'A', min: 85, max: 100 },
  { index: 'A-', min: 80, max: 84.99 },
  { index: 'B+', min: 75, max: 79.99 },
  { index: 'B', min: 70, max: 74.99 },
  { index: 'B-', min: 65, max: 69.99 },
  { index: 'C+', min: 60, max: 64.99 },
  { index: 'C', min: 55, max: 59.99 },
  { index: 'D', min: 40, max: 54.99 },
  { index: 'E', min: 0, max: 39.99 },
];
