import { describe, expect, it } from 'vitest';
import { notificationFor } from './notification';

describe('notificationFor', () => {
  it('shows the first error title of a 4xx reply as a warning', () => {
    const notice = notificationFor({
      status: 409,
      data: { errors: [{ title: 'Course code already used', detail: 'IF101 exists' }, { title: 'Other' }] },
    });
    expect(notice).toEqual({ title: 'Warning', color: 'warning', text: 'Course code already used' });
  });

  it('shows the pointer and detail of the first error for 422', () => {
    const notice = notificationFor({
      status: 422,
      data: {
        errors: [
          {
            title: 'Invalid attribute',
            detail: 'must not be empty',
            source: { pointer: '/data/attributes/name' },
          },
          { detail: 'second' },
        ],
      },
    });
    expect(notice.text).toBe('name: must not be empty');
    expect(notice.title).toBe('Warning');
  });

  it('shows server failures as errors in the danger colour', () => {
    expect(notificationFor({ status: 503, data: { errors: [{ title: 'Service unavailable' }] } })).toEqual({
      title: 'Error',
      color: 'danger',
      text: 'Service unavailable',
    });
  });

  it('falls back to the error message, then the given fallback, then "Please Try Again!"', () => {
    expect(notificationFor(new Error('Network down')).text).toBe('Network down');
    expect(notificationFor({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }).text).toBe(
      'TypeError: Failed to fetch',
    );
    expect(notificationFor({ status: 500, data: 'oops' }, 'Could not save').text).toBe('Could not save');
    expect(notificationFor(undefined)).toEqual({
      title: 'Error',
      color: 'danger',
      text: 'Please Try Again!',
    });
  });
});
