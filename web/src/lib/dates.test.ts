import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../i18n/i18n';
import { LANGUAGES } from '../preferences/preferencesSlice';
import { formatDate, formatDateRange, formatDateTime, parseDate, toApiDateTime, useDates } from './dates';

const AUGUST_25 = '2026-08-25';

describe('dates', () => {
  afterEach(() => applyLanguage('en'));

  it('shows English month names in English (it showed "25 Agu 2026" whatever the language)', () => {
    expect(formatDate(AUGUST_25, 'en')).toBe('25 Aug 2026');
    expect(formatDate('2025-05-01 08:30:00', 'en')).toBe('1 May 2025');
    expect(formatDate(new Date(2025, 11, 24), 'en')).toBe('24 Dec 2025');
    expect(formatDateTime('2025-10-03 14:05:09', 'en')).toBe('3 Oct 2025, 14:05');
  });

  it('shows the Indonesian short month names in Indonesian (spec 01 §9)', () => {
    const months = Array.from({ length: 12 }, (_, month) => formatDate(new Date(2025, month, 17), 'id'));
    expect(months).toEqual(
      ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'].map(
        (name) => `17 ${name} 2025`,
      ),
    );
    expect(formatDateTime('2025-10-03 14:05:09', 'id')).toBe('3 Okt 2025, 14.05');
  });

  it('shows each other language its own month names', () => {
    expect(formatDate(AUGUST_25, 'de')).toBe('25. Aug. 2026');
    expect(formatDate('2026-12-20', 'fr')).toBe('20 déc. 2026');
    expect(formatDate(AUGUST_25, 'pt')).toBe('25 de ago. de 2026');
    // no two languages write the same date alike, so none is left on another's names
    const written = LANGUAGES.map((language) => formatDate(AUGUST_25, language));
    expect(new Set(written).size).toBe(LANGUAGES.length);
  });

  it('falls back to English for a language it does not know', () => {
    expect(formatDate(AUGUST_25, 'klingon')).toBe('25 Aug 2026');
  });

  it('writes the wire format YYYY-MM-DD HH:mm:ss', () => {
    expect(toApiDateTime(new Date(2025, 0, 2, 3, 4, 5))).toBe('2025-01-02 03:04:05');
  });

  it('shows a range compactly within one year, in the language', () => {
    expect(formatDateRange('2025-08-25', '2025-12-20', 'en')).toBe('25 Aug – 20 Dec 2025');
    expect(formatDateRange('2025-08-25', '2025-12-20', 'id')).toBe('25 Agu – 20 Des 2025');
    expect(formatDateRange('2025-08-25', '2026-01-16', 'en')).toBe('25 Aug 2025 – 16 Jan 2026');
    expect(formatDateRange('2025-08-25', '2025-08-25', 'en')).toBe('25 Aug 2025');
    expect(formatDateRange('2026-01-16', '2025-08-25', 'en')).toBe('16 Jan 2026 – 25 Aug 2025');
    expect(formatDateRange(null, '2026-01-16', 'id')).toBe('16 Jan 2026');
    expect(formatDateRange(null, null, 'en')).toBeNull();
  });

  it('leaves missing or unreadable dates out', () => {
    expect(parseDate('')).toBeNull();
    expect(parseDate('not a date')).toBeNull();
    expect(formatDate(null, 'en')).toBeNull();
    expect(parseDate('2025-08-17T10:00:00Z')).toBeInstanceOf(Date);
  });

  it('formats in the interface language and follows it when it changes', async () => {
    await applyLanguage('en');
    const { result } = renderHook(() => useDates());
    expect(result.current.date(AUGUST_25)).toBe('25 Aug 2026');
    await act(() => applyLanguage('id'));
    expect(result.current.date(AUGUST_25)).toBe('25 Agu 2026');
    expect(result.current.dateRange('2026-08-25', '2026-12-20')).toBe('25 Agu – 20 Des 2026');
  });
});
