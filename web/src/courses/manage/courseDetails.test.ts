import { describe, expect, it } from 'vitest';
import type { Course } from '../coursesApi';
import { changedDetails, detailsOf, detailsProblems, inputOfWireDate } from './courseDetails';

const course = {
  id: '7',
  name: 'Algorithms and Programming',
  code: 'IF101',
  description: null,
  period_id: 3,
  period_year: 2025,
  period_type: 'GANJIL',
  lecturer_id: 4,
  is_active: true,
  thumbnail: null,
  start_at: '2025-08-25 07:00:00',
  end_at: null,
  is_public: false,
  is_free: false,
} as Course;

describe('course details', () => {
  it('reads wire dates into date-time inputs', () => {
    expect(inputOfWireDate('2025-08-25 07:00:00')).toBe('2025-08-25T07:00');
    expect(inputOfWireDate(null)).toBe('');
    expect(detailsOf(course)).toMatchObject({ period_id: '3', start_at: '2025-08-25T07:00', end_at: '' });
  });

  it('sends only what was modified, in the API types', () => {
    const original = detailsOf(course);
    expect(changedDetails(original, original)).toEqual({});
    expect(changedDetails(original, { ...original, name: ' Algorithms I ' })).toEqual({
      name: 'Algorithms I',
    });
    expect(
      changedDetails(original, {
        ...original,
        code: '',
        period_id: '5',
        end_at: '2026-01-16T17:30',
        is_public: true,
        description: 'About',
      }),
    ).toEqual({
      code: null,
      period_id: 5,
      end_at: '2026-01-16 17:30:00',
      is_public: true,
      description: 'About',
    });
    expect(changedDetails(original, { ...original, start_at: '' })).toEqual({ start_at: null });
  });

  it('needs a name and an end after the start', () => {
    const original = detailsOf(course);
    expect(detailsProblems(original)).toEqual([]);
    expect(detailsProblems({ ...original, name: '  ', end_at: '2025-08-01T00:00' })).toEqual([
      'nameRequired',
      'endBeforeStart',
    ]);
  });
});
