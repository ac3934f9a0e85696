import { describe, expect, it } from 'vitest';
import {
  SHORT_MONTHS_ID,
  formatDate,
  formatDateRange,
  formatDateTime,
  parseDate,
  toApiDateTime,
} from './dates';

describe('dates', () => {
  it('shows dates with Indonesian short month names (spec 01 §9)', () => {
    expect(SHORT_MONTHS_ID).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'Mei',
      'Jun',
      'Jul',
      'Agu',
      'Sep',
      'Okt',
      'Nov',
      'Des',
    ]);
    expect(formatDate('2025-08-17')).toBe('17 Agu 2025');
    expect(formatDate('2025-05-01 08:30:00')).toBe('1 Mei 2025');
    expect(formatDate(new Date(2025, 11, 24))).toBe('24 Des 2025');
    expect(formatDateTime('2025-10-03 14:05:09')).toBe('3 Okt 2025 14:05');
  });

  it('writes the wire format YYYY-MM-DD HH:mm:ss', () => {
    expect(toApiDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
  });

  it('shows a range compactly within one year', () => {
    expect(formatDateRange('2025-08-25', '2025-12-20')).toBe('25 Agu – 20 Des 2025');
    expect(formatDateRange('2025-08-25', '2026-01-16')).toBe('25 Agu 2025 – 16 Jan 2026');
    expect(formatDateRange(null, '2026-01-16')).toBe('16 Jan 2026');
    expect(formatDateRange(null, null)).toBeNull();
  });

  it('leaves missing or unreadable dates out', () => {
    expect(parseDate('')).toBeNull();
    expect(parseDate('not a date')).toBeNull();
    expect(formatDate(null)).toBeNull();
    expect(parseDate('2025-08-17T10:00:00Z')).toBeInstanceOf(Date);
  });
});
