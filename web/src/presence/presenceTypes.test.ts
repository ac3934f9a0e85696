import { describe, expect, it } from 'vitest';
import { checkInLink } from './SessionItem';
import {
  fieldsOf,
  sessionWrite,
  tally,
  toPresenceDateTime,
  type Presence,
  type SessionFields,
} from './presenceTypes';

const FIELDS: SessionFields = {
  label: ' P01 ',
  date: '2/3/2026',
  start: '08:00',
  end: '09:40',
  windowStart: '7:50',
  windowEnd: '08:30',
  note: '  ',
  topicIds: ['41', '42'],
};

describe('presence dates and the session form', () => {
  it('sends a day (dd/mm/yyyy) and a time (hh:mm) as yyyy-mm-dd hh:mm:00 (spec 03 §5)', () => {
    expect(toPresenceDateTime('25/08/2026', '14:05')).toBe('2026-08-25 14:05:00');
    expect(toPresenceDateTime('2/3/2026', '8:00')).toBe('2026-03-02 08:00:00');
    // no such day, no such time, another order of the parts
    expect(toPresenceDateTime('31/02/2026', '08:00')).toBeNull();
    expect(toPresenceDateTime('02/13/2026', '08:00')).toBeNull();
    expect(toPresenceDateTime('02/03/2026', '24:00')).toBeNull();
    expect(toPresenceDateTime('2026-03-02', '08:00')).toBeNull();
  });

  it('writes the form as the service takes it, and reads a session back into the same form', () => {
    const checked = sessionWrite(FIELDS, { courseId: '3', classId: '7' });
    expect(checked.problems).toBeNull();
    expect(checked.write).toEqual({
      course_id: 3,
      class_id: 7,
      act_code: 'P01',
      start_at: '2026-03-02 08:00:00',
      end_at: '2026-03-02 09:40:00',
      presence_start: '2026-03-02 07:50:00',
      presence_end: '2026-03-02 08:30:00',
      note: null,
      topic_ids: [41, 42],
    });
    const stored = {
      ...checked.write!,
      id: '12',
      note: 'Bring a laptop',
      topics: [
        { id: 41, name: 'Sets', url: '/courses/3/preview/41' },
        { id: 42, name: 'Functions', url: '/courses/3/preview/42' },
      ],
    } as unknown as Presence;
    expect(fieldsOf(stored)).toEqual({
      label: 'P01',
      date: '02/03/2026',
      start: '08:00',
      end: '09:40',
      windowStart: '07:50',
      windowEnd: '08:30',
      note: 'Bring a laptop',
      topicIds: ['41', '42'],
    });
  });

  it('says which field is refused and why: a day, a time, the order of the times', () => {
    const where = { courseId: '3', classId: '7' };
    expect(sessionWrite({ ...FIELDS, date: '30/02/2026', start: '8h' }, where).problems).toEqual({
      date: 'date',
      start: 'time',
    });
    expect(sessionWrite({ ...FIELDS, end: '08:00' }, where).problems).toEqual({ end: 'order' });
    expect(sessionWrite({ ...FIELDS, windowEnd: '07:50' }, where).problems).toEqual({ windowEnd: 'window' });
  });

  it('links the QR code of a check-in to the class’s page with the session and its code', () => {
    const presence = { id: '12', course_id: 3, class_id: 7 } as Presence;
    expect(checkInLink('https://lms.example.ac.id', presence, 'K7 Q2')).toBe(
      'https://lms.example.ac.id/presence/3/7?check_in=12&code=K7+Q2',
    );
  });

  it('counts the marks of a session by type, the students not marked yet apart', () => {
    const detail = (type: string | null) => ({ type }) as Presence['details'][number];
    expect(tally([detail('attend'), detail('attend'), detail('sick'), detail(null)])).toEqual({
      attend: 2,
      sick: 1,
      absent: 0,
      leave: 0,
      other: 0,
      unmarked: 1,
      students: 4,
    });
  });
});
