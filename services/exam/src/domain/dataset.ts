/**
 * Datasets of calculated questions (spec 03): a dataset has variables, each with a range and a
 * number of decimal places; it generates items (one value per variable, inside the range, rounded
 * to the variable's decimals); a parameterized question's text names variables as `{name}`, and
 * its answer is its formula computed from one item. Pure functions, with a seedable random source
 * so tests and previews can be repeated.
 */
import { FormulaError, parseFormula, type Formula } from './formula';

export const NEW_DATASET_NAME = 'New Data Set';
export const VARIABLE_DEFAULTS = { min_value: 1, max_value: 5, decimal_place: 0 } as const;
/** Items a dataset may hold: generating more is refused. */
export const MAX_DATASET_ITEMS = 1000;
export const MAX_DECIMAL_PLACES = 10;
/** A variable's name: what may stand between the braces of a placeholder and in a formula. */
export const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,49}$/;
const RESERVED = new Set(['pi', 'e', 'mod', 'to', 'in', 'and', 'or', 'not', 'xor', 'true', 'false', 'null']);

export interface DatasetVariable {
  name: string;
  min_value: number;
  max_value: number;
  decimal_place: number;
}

/** One generated item: a value per variable. */
export type DatasetValues = Record<string, number>;

/** A problem with one field of one variable. */
export interface VariableIssue {
  field: 'name' | 'min_value' | 'max_value' | 'decimal_place';
  detail: string;
}

/** What is wrong with a variable on its own (its name, range and decimals). */
export function variableIssues(variable: DatasetVariable): VariableIssue[] {
  const issues: VariableIssue[] = [];
  if (!VARIABLE_NAME.test(variable.name))
    issues.push({
      field: 'name',
      detail:
        'name must start with a letter or _ and hold only letters, digits and _ (at most 50), as it is written in {placeholders} and formulas',
    });
  else if (RESERVED.has(variable.name))
    issues.push({ field: 'name', detail: `name '${variable.name}' is reserved in formulas` });
  if (!Number.isFinite(variable.min_value))
    issues.push({ field: 'min_value', detail: 'min_value must be a number' });
  if (!Number.isFinite(variable.max_value))
    issues.push({ field: 'max_value', detail: 'max_value must be a number' });
  else if (Number.isFinite(variable.min_value) && variable.max_value < variable.min_value)
    issues.push({ field: 'max_value', detail: 'max_value must not be below min_value' });
  if (
    !Number.isInteger(variable.decimal_place) ||
    variable.decimal_place < 0 ||
    variable.decimal_place > MAX_DECIMAL_PLACES
  )
    issues.push({
      field: 'decimal_place',
      detail: `decimal_place must be a whole number from 0 to ${MAX_DECIMAL_PLACES}`,
    });
  else if (
    Number.isFinite(variable.min_value) &&
    Number.isFinite(variable.max_value) &&
    variable.min_value <= variable.max_value &&
    !hasValue(variable)
  )
    issues.push({
      field: 'decimal_place',
      detail: `no value with ${variable.decimal_place} decimal places lies between min_value and max_value`,
    });
  return issues;
}

/** A random source giving numbers in [0, 1). */
export type Random = () => number;

/** A seeded random source (mulberry32): the same seed gives the same items. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `value` rounded half away from zero to `decimals` places, without binary noise (2.675 → 2.68). */
export function roundTo(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1;
  const scaled = Number(`${Math.abs(value)}e${decimals}`);
  const rounded = Math.round(scaled);
  return sign * Number(`${rounded}e-${decimals}`) || 0;
}

/** The variable's range as whole multiples of 10^-decimals: [low, high]. */
function steps(variable: DatasetVariable): { low: number; high: number; factor: number } {
  const factor = 10 ** variable.decimal_place;
  const low = Math.ceil(roundTo(variable.min_value * factor, 6));
  const high = Math.floor(roundTo(variable.max_value * factor, 6));
  return { low, high, factor };
}

function hasValue(variable: DatasetVariable): boolean {
  const { low, high } = steps(variable);
  return low <= high;
}

/** One value of the variable: uniform over the multiples of 10^-decimals inside [min, max]. */
export function drawValue(variable: DatasetVariable, random: Random): number {
  const { low, high, factor } = steps(variable);
  if (high < low) throw new RangeError(`variable ${variable.name} has no value in its range`);
  const step = low + Math.floor(random() * (high - low + 1));
  return roundTo(step / factor, variable.decimal_place);
}

/** `count` items of the variables, each value within its variable's bounds and decimals. */
export function generateItems(
  variables: readonly DatasetVariable[],
  count: number,
  random: Random = Math.random,
): DatasetValues[] {
  const items: DatasetValues[] = [];
  for (let i = 0; i < count; i++) {
    const item: DatasetValues = {};
    for (const variable of variables) item[variable.name] = drawValue(variable, random);
    items.push(item);
  }
  return items;
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The variable names a text's `{name}` placeholders mention, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** The text with each `{name}` of a known variable replaced by its value; others are left as written. */
export function fillPlaceholders(text: string, values: Readonly<DatasetValues>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? formatNumber(values[name]) : whole,
  );
}

/** A number as a student reads it: no exponent, no trailing binary noise. */
export function formatNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return String(roundTo(value, 10));
}

/** The formula computed from one item and rounded to `decimalPlace`. */
export function computeAnswer(
  formula: Formula | string,
  values: Readonly<DatasetValues>,
  decimalPlace: number,
): number {
  const parsed = typeof formula === 'string' ? parseFormula(formula, Object.keys(values)) : formula;
  return roundTo(parsed.evaluate(values), decimalPlace);
}

/** The results of each formula for each item; a formula failing on an item gives its error there. */
export function formulaResults(
  formulas: readonly string[],
  items: readonly DatasetValues[],
  variables: readonly string[],
  decimalPlace = MAX_DECIMAL_PLACES,
): Array<Array<number | { error: string }>> {
  const parsed = formulas.map((source) => {
    try {
      return parseFormula(source, variables);
    } catch (error) {
      return error as FormulaError;
    }
  });
  return items.map((item) =>
    parsed.map((formula) => {
      if (formula instanceof FormulaError) return { error: formula.detail };
      try {
        return roundTo(formula.evaluate(item), decimalPlace);
      } catch (error) {
        return { error: error instanceof FormulaError ? error.detail : String(error) };
      }
    }),
  );
}

/**
 * Checks a formula against every item of a dataset, so a formula that divides by zero for some
 * generated values is refused when written, not discovered by a student.
 */
export function checkFormulaOnItems(
  source: string,
  variables: readonly string[],
  items: readonly DatasetValues[],
): Formula {
  const formula = parseFormula(source, variables);
  for (const item of items) formula.evaluate(item);
  return formula;
}

/**
 * Whether a student's number matches the expected one: the answer is rounded to `decimalPlace`
 * (as the expected value is) and may differ by `tolerance` (absolute).
 */
export function matchesNumber(
  given: number,
  expected: number,
  tolerance: number,
  decimalPlace: number,
): boolean {
  if (!Number.isFinite(given) || !Number.isFinite(expected)) return false;
  const difference = Math.abs(roundTo(given, decimalPlace) - roundTo(expected, decimalPlace));
  // the comparison allows for binary noise in the difference (0.1 + 0.2 vs 0.3)
  return difference <= Math.max(0, tolerance) + 1e-9;
}

/** A student's typed number: `3.5`, `3,5`, ` -2 `, `1e3`; anything else is not a number. */
export function readNumber(text: string): number | undefined {
  const trimmed = text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}
