import { FormulaError, parseFormula } from './formula';

function errorOf(run: () => unknown): FormulaError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormulaError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('formulas', () => {
  it('computes arithmetic, powers, functions and constants from the variables', () => {
    const formula = parseFormula('2x + y^2 - sqrt(16) + round(a / 3, 2) + max(a, 10) mod 4', ['x', 'y', 'a']);
    expect(formula.variables).toEqual(['a', 'x', 'y']);
    expect(formula.evaluate({ x: 3, y: 2, a: 7 })).toBeCloseTo(6 + 4 - 4 + 2.33 + 2, 10);
    expect(parseFormula('pi * r^2', ['r']).evaluate({ r: 1 })).toBeCloseTo(Math.PI, 12);
    expect(parseFormula('-1 mod 3').evaluate({})).toBe(2);
  });

  it('reports a formula that does not parse', () => {
    expect(errorOf(() => parseFormula('2 * (x + ', ['x'])).kind).toBe('syntax');
    expect(errorOf(() => parseFormula('   ')).kind).toBe('empty');
  });

  it('reports a variable the dataset does not have, naming the ones it has', () => {
    const error = errorOf(() => parseFormula('x + z', ['x', 'y']));
    expect(error.kind).toBe('unknown_variable');
    expect(error.detail).toBe("'z' is not a variable of the dataset (x, y)");
  });

  it('reports division and modulo by zero', () => {
    const formula = parseFormula('a / (b - 2)', ['a', 'b']);
    expect(formula.evaluate({ a: 4, b: 4 })).toBe(2);
    expect(errorOf(() => formula.evaluate({ a: 4, b: 2 })).kind).toBe('division_by_zero');
    expect(errorOf(() => parseFormula('5 mod x', ['x']).evaluate({ x: 0 })).kind).toBe('division_by_zero');
    expect(errorOf(() => parseFormula('1/0').evaluate({})).kind).toBe('division_by_zero');
  });

  it('reports results that are no finite number', () => {
    expect(errorOf(() => parseFormula('sqrt(x)', ['x']).evaluate({ x: -1 })).kind).toBe('not_a_number');
    expect(errorOf(() => parseFormula('10^400').evaluate({})).kind).toBe('not_a_number');
  });

  it('refuses everything that is not arithmetic: assignments, access, strings, functions not listed', () => {
    for (const source of [
      'x = 2',
      'f(x) = x',
      'import({}, {})',
      'evaluate("1+1")',
      'createUnit("foo")',
      'x.constructor',
      'x["constructor"]',
      '"text"',
      '[1, 2]',
      'x > 2 ? 1 : 0',
      'x == 1',
      '1:3',
      'a; b',
      'cos.constructor("return process")()',
      'true',
    ])
      expect(['unsupported', 'unknown_function', 'syntax']).toContain(
        errorOf(() => parseFormula(source, ['x', 'a', 'b'])).kind,
      );
  });

  it('does not let a variable value be anything but a number', () => {
    const formula = parseFormula('x + 1', ['x']);
    expect(errorOf(() => formula.evaluate({})).kind).toBe('unknown_variable');
    expect(errorOf(() => formula.evaluate({ x: Number.NaN })).kind).toBe('unknown_variable');
  });
});
