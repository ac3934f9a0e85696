import { describeStartupFailure } from './startup';

const systemError = (fields: Record<string, unknown>) => Object.assign(new Error('system error'), fields);

describe('describeStartupFailure', () => {
  it('names the variable of a taken port', () => {
    const error = systemError({ code: 'EADDRINUSE', syscall: 'listen', port: 8080, address: '0.0.0.0' });
    expect(describeStartupFailure(error, { ports: { PORT: 8080 } })).toBe(
      'port 8080 is taken by another process: stop that process or set PORT to a free port',
    );
    expect(describeStartupFailure(error)).toContain('configure another port');
  });

  it('explains a privileged port and an address not of this machine', () => {
    expect(
      describeStartupFailure(systemError({ code: 'EACCES', syscall: 'listen', port: 80 }), {
        ports: { PORT: 80 },
      }),
    ).toBe('port 80 needs privileges this process does not have: set PORT to a port above 1023');
    expect(
      describeStartupFailure(
        systemError({ code: 'EADDRNOTAVAIL', syscall: 'listen', address: '10.9.9.9', port: 1 }),
      ),
    ).toContain('set HOST');
  });

  it('names the server that cannot be reached, also through an aggregate of attempts', () => {
    const refused = systemError({ code: 'ECONNREFUSED', address: '127.0.0.1', port: 5432 });
    expect(describeStartupFailure(refused)).toContain('cannot reach 127.0.0.1:5432 (ECONNREFUSED)');
    const aggregate = Object.assign(new AggregateError([refused], ''), {});
    expect(describeStartupFailure(aggregate)).toContain('DATABASE_URL');
  });

  it('turns PostgreSQL refusals into what to check', () => {
    const error = systemError({ code: '28P01', message: 'password authentication failed for user "lms"' });
    expect(describeStartupFailure(error)).toContain('check DATABASE_URL');
  });

  it('points configuration errors at .env.example, and never says "undefined"', () => {
    expect(describeStartupFailure(new Error('course: invalid configuration: DATABASE_URL is required'))).toBe(
      'course: invalid configuration: DATABASE_URL is required (every variable is described in .env.example)',
    );
    expect(describeStartupFailure(undefined)).not.toContain('undefined');
  });
});
