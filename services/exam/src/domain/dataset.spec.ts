import {
  computeAnswer,
  fillPlaceholders,
  formulaResults,
  generateItems,
  matchesNumber,
  placeholdersIn,
  readNumber,
  roundTo,
  seededRandom,
  variableIssues,
  VARIABLE_DEFAULTS,
} from './dataset';
import { FormulaError } from './formula';

describe('datasets', () => {
  it('generates items inside each variable’s bounds with its decimal places', () => {
    const variables = [
      { name: 'x', ...VARIABLE_DEFAULTS },
      { name: 'rate', min_value: -2.5, max_value: 2.5, decimal_place: 2 },
      { name: 'n', min_value: 10, max_value: 10, decimal_place: 0 },
    ];
    const items = generateItems(variables, 500, seededRandom(42));
    expect(items).toHaveLength(500);
    for (const item of items) {
      expect(Number.isInteger(item.x)).toBe(true);
      expect(item.x).toBeGreaterThanOrEqual(1);
      expect(item.x).toBeLessThanOrEqual(5);
      expect(item.rate).toBeGreaterThanOrEqual(-2.5);
      expect(item.rate).toBeLessThanOrEqual(2.5);
      expect(roundTo(item.rate, 2)).toBe(item.rate);
      expect(item.n).toBe(10);
    }
    // every value of the small range comes up, the bounds included
    expect(new Set(items.map((item) => item.x))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('repeats the same items for the same seed', () => {
    const variables = [{ name: 'x', min_value: 0, max_value: 100, decimal_place: 1 }];
    expect(generateItems(variables, 5, seededRandom(7))).toEqual(
      generateItems(variables, 5, seededRandom(7)),
    );
  });

  it('finds what is wrong with a variable', () => {
    expect(variableIssues({ name: 'x', ...VARIABLE_DEFAULTS })).toEqual([]);
    expect(
      variableIssues({ name: '1x', min_value: 5, max_value: 1, decimal_place: 11 }).map((i) => i.field),
    ).toEqual(['name', 'max_value', 'decimal_place']);
    expect(variableIssues({ name: 'pi', ...VARIABLE_DEFAULTS })[0].detail).toMatch(/reserved/);
    expect(variableIssues({ name: 'x', min_value: 1.2, max_value: 1.8, decimal_place: 0 })).toEqual([
      {
        field: 'decimal_place',
        detail: 'no value with 0 decimal places lies between min_value and max_value',
      },
    ]);
  });

  it('fills {placeholders} from an item and leaves unknown ones', () => {
    expect(placeholdersIn('A car drives {v} km/h for {t} h; {v} again, {not a var}')).toEqual(['v', 't']);
    expect(fillPlaceholders('{v} km/h for {t} h, {w}', { v: 60, t: 1.5 })).toBe('60 km/h for 1.5 h, {w}');
  });

  it('computes the correct answer of an item from the formula, rounded', () => {
    expect(computeAnswer('v * t', { v: 60, t: 1.5 }, 0)).toBe(90);
    expect(computeAnswer('a / b', { a: 2, b: 3 }, 2)).toBe(0.67);
    expect(() => computeAnswer('a / (b - b)', { a: 2, b: 3 }, 2)).toThrow(FormulaError);
  });

  it('gives each formula’s result per item, and the error where one fails', () => {
    expect(
      formulaResults(
        ['a + b', 'a / b', 'a + c'],
        [
          { a: 1, b: 2 },
          { a: 1, b: 0 },
        ],
        ['a', 'b'],
      ),
    ).toEqual([
      [3, 0.5, { error: "'c' is not a variable of the dataset (a, b)" }],
      [1, { error: 'the formula divides by zero' }, { error: "'c' is not a variable of the dataset (a, b)" }],
    ]);
  });

  it('compares exact answers with tolerance and decimal places', () => {
    expect(matchesNumber(0.1 + 0.2, 0.3, 0, 2)).toBe(true);
    expect(matchesNumber(3.14159, 3.14, 0, 2)).toBe(true);
    expect(matchesNumber(3.16, 3.14, 0.01, 2)).toBe(false);
    expect(matchesNumber(3.15, 3.14, 0.01, 2)).toBe(true);
    expect(matchesNumber(10, 12, 2, 0)).toBe(true);
    expect(matchesNumber(Number.NaN, 12, 2, 0)).toBe(false);
  });

  it('reads a typed number with a comma or a point, and nothing else', () => {
    expect(readNumber(' 3,5 ')).toBe(3.5);
    expect(readNumber('-2')).toBe(-2);
    expect(readNumber('1e3')).toBe(1000);
    expect(readNumber('3 apples')).toBeUndefined();
    expect(readNumber('')).toBeUndefined();
  });

  it('rounds half away from zero without binary noise', () => {
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(1.005, 2)).toBe(1.01);
  });
});
