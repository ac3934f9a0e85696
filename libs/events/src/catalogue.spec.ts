import { assertEventData, EVENT_SCHEMAS, isKnownEventType } from './catalogue';

describe('event catalogue', () => {
  const enrolment = { courseId: 1, classId: 2, userId: 3, enrolled: true, reason: 'joined' };

  it('accepts data matching its schema, with fields added by a newer producer', () => {
    expect(() => assertEventData('course.enrolment.changed', enrolment)).not.toThrow();
    expect(() => assertEventData('course.enrolment.changed', { ...enrolment, since: 'x' })).not.toThrow();
  });

  it('names every field that breaks the contract', () => {
    expect(() =>
      assertEventData('course.enrolment.changed', { ...enrolment, userId: 1.5, reason: 'left early' }),
    ).toThrow(/^Event course.enrolment.changed: field "userId" is invalid .*; field "reason" is invalid/);
    expect(() =>
      assertEventData('course.staff.changed', {
        courseId: 1,
        lecturerId: null,
        assistants: [{ userId: 'x' }],
      }),
    ).toThrow('field "assistants.0.userId" is invalid');
    expect(() => assertEventData('course.enrolment.changed', null)).toThrow('data must be an object');
  });

  it('knows only the catalogue types', () => {
    expect(isKnownEventType('identity.user.upserted')).toBe(true);
    expect(isKnownEventType('toString')).toBe(false);
    expect(() => assertEventData('identity.user.renamed', {})).toThrow(
      'Unknown event type "identity.user.renamed"',
    );
    expect(Object.keys(EVENT_SCHEMAS)).toHaveLength(31);
  });
});
