import { describe, expect, it } from 'vitest';
import { joinLink, readJoinForm } from './joinForm';

describe('the join form', () => {
  it('reads ids and a normalised token', () => {
    expect(readJoinForm({ courseId: ' 12 ', classId: '3', token: ' ab cd 23 ' })).toEqual({
      ok: true,
      value: { courseId: 12, classId: 3, token: 'ABCD23' },
    });
  });

  it('names every field that is wrong', () => {
    expect(readJoinForm({ courseId: 'x', classId: '0', token: '' })).toEqual({
      ok: false,
      problems: ['courseId', 'classId', 'token'],
    });
    expect(readJoinForm({ courseId: '1', classId: '1', token: 'A'.repeat(33) })).toEqual({
      ok: false,
      problems: ['token'],
    });
  });

  it('builds a join link that fills the form in', () => {
    expect(joinLink('https://lms.example', '7', 3, 'ABCD2345')).toBe(
      'https://lms.example/courses?course=7&class=3&token=ABCD2345',
    );
  });
});
