import { describe, expect, it } from 'vitest';
import { examStatus } from './examStatus';

const exam = (patch: object) => ({
  is_published: true,
  is_finished: false,
  start_at: '2026-12-01 08:00:00',
  end_at: '2026-12-01 10:00:00',
  ...patch,
});

describe('exam status', () => {
  const at = (time: string) => new Date(`2026-12-01T${time}`);

  it('is a draft until published, whatever its window', () => {
    expect(examStatus(exam({ is_published: false }), at('09:00'))).toBe('draft');
  });

  it('is scheduled before its window, open in it and closed after it or once finished', () => {
    expect(examStatus(exam({}), at('07:59'))).toBe('scheduled');
    expect(examStatus(exam({}), at('08:00'))).toBe('open');
    expect(examStatus(exam({}), at('10:00'))).toBe('closed');
    expect(examStatus(exam({ is_finished: true }), at('09:00'))).toBe('closed');
    expect(examStatus(exam({ start_at: null, end_at: null }), at('09:00'))).toBe('open');
  });
});
