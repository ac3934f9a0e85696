import { z } from 'zod';
import { readEnv, variable } from './config';

const Schema = z.object({
  DATABASE_URL: variable.string(),
  PORT: variable.int(3000, { min: 0, max: 65535 }),
  SEED: variable.flag(),
  HOST: variable.string('0.0.0.0'),
  SYNC_URL: variable.httpUrl(),
  KEY: variable.pem(),
  REDIS_URL: variable.optional(),
});

describe('readEnv', () => {
  it('reads variables with their fallbacks, typed', () => {
    const vars = readEnv('demo', Schema, {
      DATABASE_URL: 'postgres://x',
      KEY: 'a\\nb',
      SEED: 'true',
      REDIS_URL: '',
    });
    expect(vars).toEqual({
      DATABASE_URL: 'postgres://x',
      PORT: 3000,
      SEED: true,
      HOST: '0.0.0.0',
      KEY: 'a\nb',
    });
    const port: number = vars.PORT;
    const redis: string | undefined = vars.REDIS_URL;
    expect([port, redis]).toEqual([3000, undefined]);
  });

  it('fails at boot with one message naming every bad variable', () => {
    expect(() =>
      readEnv('demo', Schema, { DATABASE_URL: '', PORT: '80x', SEED: 'yes', SYNC_URL: 'siakad', KEY: 'k' }),
    ).toThrow(
      'demo: invalid configuration: DATABASE_URL is required; PORT must be an integer, got "80x"; ' +
        'SEED must be 0/1/true/false; SYNC_URL must be an http(s) URL',
    );
    expect(() => readEnv('demo', Schema, { DATABASE_URL: 'x', KEY: 'k', PORT: '70000' })).toThrow(
      'demo: invalid configuration: PORT must be between 0 and 65535, got 70000',
    );
    expect(() => readEnv('demo', Schema, { DATABASE_URL: 'x', PORT: '1' })).toThrow(
      'demo: invalid configuration: KEY is required',
    );
  });
});
