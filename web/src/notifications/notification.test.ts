import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { notificationFor } from './notification';

describe('notificationFor', () => {
  it("shows what happened (the first error's detail) of a 4xx reply as a warning, not only the status text", () => {
    const notice = notificationFor({
      status: 409,
      data: {
        errors: [
          { title: 'Conflict', detail: 'You are already enrolled in this course' },
          { title: 'Other' },
        ],
      },
    });
    expect(notice).toEqual({
      title: 'Warning',
      color: 'warning',
      text: 'You are already enrolled in this course',
    });
    expect(notificationFor({ status: 401, data: { errors: [{ title: 'Unauthorized' }] } }).text).toBe(
      'Unauthorized',
    );
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
    expect(notice.text).toBe('Name: must not be empty');
    expect(notice.title).toBe('Warning');
  });

  it('names the field of a 422 by its label in the interface language, or in words when it has none', () => {
    const invalid = (pointer: string) =>
      notificationFor({
        status: 422,
        data: { errors: [{ title: 'Invalid attribute', detail: 'is wrong', source: { pointer } }] },
      }).text;
    expect(invalid('/data/attributes/token')).toBe('Token: is wrong');
    expect(invalid('/data/attributes/class_id')).toBe('Class number: is wrong');
    expect(invalid('/data/attributes/ids/2')).toBe('Ids: is wrong');
    expect(invalid('/data/attributes/notification_email')).toBe('Notification email: is wrong');
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
