/**
 * A service's configuration as one zod schema over its environment variables: each builder names
 * how a variable is read (an empty variable counts as unset), `readEnv` fails at boot with one
 * message naming every missing or malformed variable, and the result is typed by the schema.
 */
import { z } from 'zod';
import { TrustedProxies } from './forwarding';

const unset = (value: unknown) => (value === '' ? undefined : value);

/** Messages are completed with the variable's name in front ("is required" → "PORT is required"). */
function withFallback<T extends z.ZodType>(schema: T, fallback?: z.output<T>) {
  const read = fallback === undefined ? schema : schema.default(fallback as never);
  return z.preprocess(unset, read);
}

interface Range {
  min?: number;
  max?: number;
}

function integer(range: Range) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be an integer') })
    .transform((raw, ctx) => {
      const value = Number(raw);
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message, input: raw });
        return z.NEVER;
      };
      if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value))
        return fail(`must be an integer, got "${raw}"`);
      if ((range.min !== undefined && value < range.min) || (range.max !== undefined && value > range.max))
        return fail(`must be between ${range.min ?? '-∞'} and ${range.max ?? '∞'}, got ${value}`);
      return value;
    });
}

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Builders of environment variables. A variable is required unless it has a fallback or is `optional`. */
export const variable = {
  /** Text; `fallback` when unset. */
  string: (fallback?: string) => withFallback(text(), fallback),
  /** Text or undefined. */
  optional: () => withFallback(text().optional()),
  /** A whole number within `range`; `fallback` when unset. */
  int: (fallback?: number, range: Range = {}) =>
    z.preprocess(unset, fallback === undefined ? integer(range) : integer(range).default(fallback)),
  /** 0/1/true/false; `fallback` when unset. */
  flag: (fallback = false) =>
    z.preprocess(
      unset,
      z
        .enum(['0', '1', 'true', 'false'], { error: () => 'must be 0/1/true/false' })
        .transform((raw) => raw === '1' || raw === 'true')
        .default(fallback),
    ),
  /** An http(s) URL or undefined. */
  httpUrl: () => withFallback(text().refine(isHttpUrl, 'must be an http(s) URL').optional()),
  /**
   * TRUSTED_PROXIES: addresses, CIDRs and `loopback`/`private`/`linklocal`/`none`, comma-separated
   * (forwarding.ts); `fallback` when unset.
   */
  proxies: (fallback: string) =>
    z.preprocess(
      (value) => unset(value) ?? fallback,
      text().transform((spec, ctx) => {
        try {
          return TrustedProxies.parse(spec);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message, input: spec });
          return z.NEVER;
        }
      }),
    ),
  /** A PEM key; `\n` written as two characters (one-line env files) become line breaks. */
  pem: () => withFallback(text().transform((value) => value.replace(/\\n/g, '\n'))),
};

/** Reads `schema` (an object of variables) from the environment or throws one clear error. */
export function readEnv<S extends z.ZodType<object>>(
  service: string,
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) =>
    `${issue.path.map(String).join('.')} ${issue.message}`.trim(),
  );
  throw new Error(`${service}: invalid configuration: ${problems.join('; ')}`);
}
