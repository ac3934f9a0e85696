/**
 * The rule of a course's index bands (docs/gradebook.md): each band has a letter (each letter
 * once, compared without case), min ≤ max (0–100, two decimals: the request rules); sorted by min, each band
 * starts 0.01 above the max of the band below it — neither an overlap nor a gap, so a final score
 * (two decimals) falls in at most one band. A score below the lowest band or above the highest has
 * no letter.
 */
export interface Band {
  index: string;
  min: number;
  max: number;
}

/** A problem with one band, by its place in the list given. */
export interface BandIssue {
  at: number;
  field: 'index' | 'min' | 'max';
  detail: string;
}

const cents = (value: number) => Math.round(value * 100);

export function bandIssues(bands: readonly Band[]): BandIssue[] {
  const issues: BandIssue[] = [];
  const seen = new Map<string, number>();
  const flawed = new Set<number>();
  bands.forEach((band, at) => {
    const letter = band.index.trim().toUpperCase();
    const fail = (field: BandIssue['field'], detail: string) => {
      issues.push({ at, field, detail });
      flawed.add(at);
    };
    if (seen.has(letter)) fail('index', `band ${band.index} appears twice`);
    seen.set(letter, at);
    if (band.min > band.max) fail('min', `min of band ${band.index} is above its max`);
  });
  const ascending = bands
    .map((band, at) => ({ band, at }))
    .filter(({ at }) => !flawed.has(at))
    .sort((a, b) => a.band.min - b.band.min || a.band.max - b.band.max);
  for (let next = 1; next < ascending.length; next += 1) {
    const below = ascending[next - 1].band;
    const { band, at } = ascending[next];
    const step = cents(band.min) - cents(below.max);
    if (step < 1)
      issues.push({
        at,
        field: 'min',
        detail: `band ${band.index} (${band.min}–${band.max}) overlaps band ${below.index} (${below.min}–${below.max})`,
      });
    else if (step > 1)
      issues.push({
        at,
        field: 'min',
        detail: `band ${band.index} must start at ${(cents(below.max) + 1) / 100}, 0.01 above band ${below.index}'s max: it leaves a gap`,
      });
  }
  return issues.sort((a, b) => a.at - b.at);
}

/** The letter of the band a final score falls in, or null. */
export function bandOf(bands: readonly Band[], score: number): string | null {
  const value = cents(score);
  return bands.find((band) => cents(band.min) <= value && value <= cents(band.max))?.index ?? null;
}
