/**
 * Start-up failures in words an operator can act on: what went wrong and what to change (the
 * port and the variable that sets it, the server that cannot be reached, the configuration
 * variable that is wrong). Used by every entry point (`npm start`, each service's main).
 */
export interface StartupSettings {
  /** The variables that set the ports this process listens on, with their values (`PORT` → 8080). */
  ports?: Record<string, number | undefined>;
}

interface SystemError {
  code?: string;
  port?: number;
  address?: string;
  syscall?: string;
  message?: string;
}

const PG_CODES: Record<string, string> = {
  '28P01': 'the database password is wrong: check DATABASE_URL (or the PostgreSQL password settings)',
  '28000': 'the database refused this user: check the user in DATABASE_URL',
  '3D000': 'the database does not exist: create it or correct its name in DATABASE_URL',
};

function portVariable(port: number | undefined, settings: StartupSettings): string | undefined {
  return Object.entries(settings.ports ?? {}).find(([, value]) => value === port)?.[0];
}

/** One or two sentences: the cause, then the fix. */
export function describeStartupFailure(error: unknown, settings: StartupSettings = {}): string {
  if (error === undefined || error === null)
    return 'an unknown error (nothing was reported): run with LOG_LEVEL=debug';
  if (typeof error !== 'object') return String(error);
  const failure = error as SystemError & { errors?: unknown[]; cause?: unknown };
  const variable = portVariable(failure.port, settings);
  const setIt = variable ? `set ${variable} to a free port` : 'configure another port';
  switch (failure.code) {
    case 'EADDRINUSE':
      return `port ${failure.port} is taken by another process: stop that process or ${setIt}`;
    case 'EACCES':
      if (failure.syscall === 'listen')
        return `port ${failure.port} needs privileges this process does not have: ${variable ? `set ${variable} to a port above 1023` : 'use a port above 1023'}`;
      break;
    case 'EADDRNOTAVAIL':
      if (failure.syscall === 'listen')
        return `address ${failure.address} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 for all)`;
      break;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
      return (
        `cannot reach ${failure.address ?? 'a server'}${failure.port ? `:${failure.port}` : ''} (${failure.code}): ` +
        'is it running? Check the variable that points there (DATABASE_URL, KAFKA_BROKERS, REDIS_URL, S3_ENDPOINT, *_URL)'
      );
  }
  if (failure.code && PG_CODES[failure.code]) return `${failure.message}: ${PG_CODES[failure.code]}`;
  // Several attempts failed (`connect` to every address of a host): the first says why.
  if (Array.isArray(failure.errors) && failure.errors.length > 0)
    return describeStartupFailure(failure.errors[0], settings);
  const message = failure.message || String(error);
  if (/invalid configuration/.test(message))
    return `${message} (every variable is described in .env.example)`;
  return message;
}

/**
 * The `.catch` of an entry point: prints "<what> failed to start: <cause and fix>" (and the stack
 * with LOG_LEVEL=debug) and exits with status 1.
 */
export function exitOnStartupFailure(what: string, settings: () => StartupSettings = () => ({})) {
  return (error: unknown): never => {
    console.error(`${what} failed to start: ${describeStartupFailure(error, settings())}`);
    if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) console.error(error.stack);
    process.exit(1);
  };
}
