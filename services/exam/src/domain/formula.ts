/**
 * Formulas of calculated (parameterized) questions: `2*x + y^2`, `sqrt(a^2 + b^2)`, `round(p / q, 2)`.
 *
 * Parsed and evaluated by a restricted mathjs instance built from the number-only build with just
 * the arithmetic and the functions a lecturer needs — no matrices, units, strings, objects or
 * assignments — whose `import`, `createUnit`, `evaluate`, `parse`, `compile`, `simplify`,
 * `derivative` and `resolve` are replaced by functions that throw (mathjs' security advice), so
 * nothing reachable from a formula can extend the instance. On top of that the syntax tree is
 * checked against an allow-list of node kinds before anything is evaluated: a formula is numbers,
 * variables, the operators + - * / ^ mod, parentheses and calls of the listed functions, nothing
 * else. Never `eval` or `Function`.
 *
 * Every problem is a `FormulaError` with a kind the API turns into a 422 at the formula.
 */
import type { MathNode } from 'mathjs/number' with { 'resolution-mode': 'import' };

/**
 * mathjs ships CommonJS (`lib/cjs`) but types it as an ES module, which a CommonJS file may not
 * `import` under TypeScript's node16 resolution: the module is required, typed by its declarations.
 */
type MathJs = typeof import('mathjs/number', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mathjs = require('mathjs/number') as MathJs;
const {
  absDependencies,
  addDependencies,
  ceilDependencies,
  compileDependencies,
  cosDependencies,
  create,
  eDependencies,
  expDependencies,
  factory,
  floorDependencies,
  log10Dependencies,
  logDependencies,
  maxDependencies,
  minDependencies,
  multiplyDependencies,
  parseDependencies,
  piDependencies,
  powDependencies,
  roundDependencies,
  sinDependencies,
  sqrtDependencies,
  subtractDependencies,
  tanDependencies,
  unaryMinusDependencies,
  unaryPlusDependencies,
} = mathjs;

export type FormulaErrorKind =
  | 'empty'
  | 'syntax'
  | 'unsupported'
  | 'unknown_variable'
  | 'unknown_function'
  | 'division_by_zero'
  | 'not_a_number';

/** A formula that cannot be used; `detail` is a sentence for the lecturer. */
export class FormulaError extends Error {
  constructor(
    readonly kind: FormulaErrorKind,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'FormulaError';
  }
}

/** Thrown by the instance's own division and modulo, told apart from other failures below. */
class DivisionByZero extends Error {}

const divideByNumber = factory('divide', ['typed'], ({ typed }) =>
  typed('divide', {
    'number, number': (a: number, b: number) => {
      if (b === 0) throw new DivisionByZero();
      return a / b;
    },
  }),
);
const modByNumber = factory('mod', ['typed'], ({ typed }) =>
  typed('mod', {
    'number, number': (a: number, b: number) => {
      if (b === 0) throw new DivisionByZero();
      // mathjs' mod: the result takes the divisor's sign (-1 mod 3 = 2)
      return a - b * Math.floor(a / b);
    },
  }),
);

const math = create(
  {
    parseDependencies,
    compileDependencies,
    addDependencies,
    subtractDependencies,
    multiplyDependencies,
    divideByNumber,
    modByNumber,
    unaryMinusDependencies,
    unaryPlusDependencies,
    powDependencies,
    sqrtDependencies,
    absDependencies,
    roundDependencies,
    floorDependencies,
    ceilDependencies,
    expDependencies,
    logDependencies,
    log10Dependencies,
    sinDependencies,
    cosDependencies,
    tanDependencies,
    minDependencies,
    maxDependencies,
    piDependencies,
    eDependencies,
  },
  // predictable: sqrt(-1) is NaN rather than a complex number
  { predictable: true },
);
const parse = math.parse;
const refuse = (name: string) => () => {
  throw new Error(`${name} is disabled`);
};
math.import(
  {
    import: refuse('import'),
    createUnit: refuse('createUnit'),
    evaluate: refuse('evaluate'),
    parse: refuse('parse'),
    compile: refuse('compile'),
    simplify: refuse('simplify'),
    derivative: refuse('derivative'),
    resolve: refuse('resolve'),
  },
  { override: true },
);

/** The functions a formula may call. */
export const FORMULA_FUNCTIONS: readonly string[] = [
  'sqrt',
  'abs',
  'round',
  'floor',
  'ceil',
  'exp',
  'log',
  'log10',
  'sin',
  'cos',
  'tan',
  'min',
  'max',
];
/** Names a formula may use besides its variables. */
export const FORMULA_CONSTANTS: readonly string[] = ['pi', 'e'];
const OPERATORS = new Set(['add', 'subtract', 'multiply', 'divide', 'mod', 'pow', 'unaryMinus', 'unaryPlus']);
const MAX_LENGTH = 1000;

/** A checked formula: the variables it reads and a way to compute it. */
export interface Formula {
  readonly source: string;
  readonly variables: readonly string[];
  evaluate(values: Readonly<Record<string, number>>): number;
}

function describe(node: MathNode): string {
  switch (node.type) {
    case 'AssignmentNode':
    case 'FunctionAssignmentNode':
      return 'assignments';
    case 'AccessorNode':
    case 'IndexNode':
    case 'ObjectNode':
      return 'property access';
    case 'ArrayNode':
    case 'RangeNode':
      return 'lists and ranges';
    case 'RelationalNode':
      return 'comparisons';
    case 'ConditionalNode':
      return 'conditions';
    case 'BlockNode':
      return 'several expressions';
    default:
      return `'${node.toString()}'`;
  }
}

/**
 * Parses and checks a formula. `variables` (when given) are the names it may read, the dataset's
 * variables: any other name is an `unknown_variable` error.
 */
export function parseFormula(source: string, variables?: readonly string[]): Formula {
  const text = source.trim();
  if (!text) throw new FormulaError('empty', 'the formula is empty');
  if (text.length > MAX_LENGTH)
    throw new FormulaError('syntax', `the formula is longer than ${MAX_LENGTH} characters`);
  let root: MathNode;
  try {
    root = parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new FormulaError('syntax', `the formula does not parse: ${message}`);
  }
  const used = new Set<string>();
  const allowed = variables ? new Set(variables) : undefined;
  const problems: FormulaError[] = [];
  root.traverse((node, _path, parent) => {
    switch (node.type) {
      case 'ConstantNode': {
        const value = (node as unknown as { value: unknown }).value;
        if (typeof value !== 'number')
          problems.push(new FormulaError('unsupported', `${describe(node)} is not a number`));
        return;
      }
      case 'ParenthesisNode':
        return;
      case 'OperatorNode': {
        const fn = (node as unknown as { fn: string }).fn;
        if (!OPERATORS.has(fn))
          problems.push(
            new FormulaError(
              'unsupported',
              `the operator '${(node as unknown as { op: string }).op}' is not allowed`,
            ),
          );
        return;
      }
      case 'FunctionNode': {
        const fnNode = (node as unknown as { fn: MathNode }).fn;
        const name = fnNode.type === 'SymbolNode' ? (fnNode as unknown as { name: string }).name : '';
        if (!FORMULA_FUNCTIONS.includes(name))
          problems.push(
            new FormulaError(
              'unknown_function',
              `'${name || fnNode.toString()}' is not a function a formula may use (${FORMULA_FUNCTIONS.join(', ')})`,
            ),
          );
        return;
      }
      case 'SymbolNode': {
        // the name of a called function is checked with its call
        if (parent?.type === 'FunctionNode' && (parent as unknown as { fn: MathNode }).fn === node) return;
        const name = (node as unknown as { name: string }).name;
        if (FORMULA_CONSTANTS.includes(name)) return;
        if (allowed && !allowed.has(name))
          problems.push(
            new FormulaError(
              'unknown_variable',
              allowed.size
                ? `'${name}' is not a variable of the dataset (${[...allowed].join(', ')})`
                : `'${name}' is not a variable of the dataset, which has none`,
            ),
          );
        used.add(name);
        return;
      }
      default:
        problems.push(new FormulaError('unsupported', `${describe(node)} are not allowed in a formula`));
    }
  });
  if (problems.length) throw problems[0];
  const compiled = root.compile();
  const names = [...used].sort();
  return {
    source: text,
    variables: names,
    evaluate(values) {
      const scope = new Map<string, number>();
      for (const name of names) {
        const value = values[name];
        if (typeof value !== 'number' || !Number.isFinite(value))
          throw new FormulaError('unknown_variable', `the variable '${name}' has no value`);
        scope.set(name, value);
      }
      let result: unknown;
      try {
        result = compiled.evaluate(scope);
      } catch (error) {
        if (error instanceof DivisionByZero)
          throw new FormulaError('division_by_zero', 'the formula divides by zero');
        const message = error instanceof Error ? error.message : String(error);
        throw new FormulaError('not_a_number', `the formula cannot be computed: ${message}`);
      }
      if (typeof result !== 'number' || !Number.isFinite(result))
        throw new FormulaError(
          'not_a_number',
          'the formula does not give a finite number for these values (a root or logarithm of a negative number, or a result too large)',
        );
      return result;
    },
  };
}
