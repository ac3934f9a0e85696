import { describe, expect, it } from 'vitest';
import { joinLink, readJoinToken } from './joinForm';

describe('the join form', () => {
  it('reads a normalised token', () => {
    expect(readJoinToken(' ab cd 23 ')).toEqual({ ok: true, token: 'ABCD23' });
  });

  it('refuses an empty or too long token', () => {
    expect(readJoinToken('  ')).toEqual({ ok: false, problem: 'token' });
    expect(readJoinToken('A'.repeat(33))).toEqual({ ok: false, problem: 'token' });
  });

  it('builds a join link that carries only the token', () => {
    expect(joinLink('https://lms.example', 'ABCD2345')).toBe('https://lms.example/courses?token=ABCD2345');
  });
});
