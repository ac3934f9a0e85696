import { describe, expect, it } from 'vitest';
import { clock, onCampusClock, positionNow, roomWrite, secondsLeft, type LiveMark } from './crsTypes';
import { INITIAL, liveReducer } from './useLiveRoom';

describe('the live classroom’s rules', () => {
  it('moves a playing video on from when its state arrived, and keeps a paused one where it is', () => {
    const video = { index: 0, position: 42, playing: true, at: '' };
    expect(positionNow(video, 10_000, 22_500)).toBe(54.5);
    expect(positionNow({ ...video, playing: false }, 10_000, 22_500)).toBe(42);
    // a clock read before the state's arrival does not move it back
    expect(positionNow(video, 10_000, 9_000)).toBe(42);
  });

  it('writes a position as a clock', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75.9)).toBe('1:15');
    expect(clock(3725)).toBe('1:02:05');
  });

  it('reads the socket’s instants and the API’s wall clock on the campus’s clock', () => {
    // the campus is 7 hours ahead of this computer
    const offset = 7 * 3_600_000;
    const instant = '2026-03-02T01:00:00.000Z';
    expect(onCampusClock(instant, offset)).toEqual(new Date(Date.parse(instant) + offset));
    expect(onCampusClock('2026-03-02 08:00:00', offset)).toBe('2026-03-02 08:00:00');
    const campusNow = new Date(2026, 2, 2, 8, 0, 0).getTime();
    expect(secondsLeft('2026-03-02 08:01:30', campusNow, offset)).toBe(90);
    const localNow = campusNow - offset;
    expect(secondsLeft(new Date(localNow + 45_000).toISOString(), campusNow, offset)).toBe(45);
    expect(secondsLeft('2026-03-02 07:59:00', campusNow, offset)).toBe(0);
  });

  it('sends a room with a title, an end after its start and http(s) videos, one a line', () => {
    const fields = {
      title: ' Week 3 ',
      description: '',
      start: '2026-03-02T08:00',
      end: '2026-03-02T09:40',
      videos: ' https://media.example.org/a.mp4 \n\nhttp://media.example.org/b.webm',
      activityId: '',
      presenceId: '',
      hosts: [],
    };
    expect(roomWrite(fields, '3')).toEqual({
      write: {
        course_id: 3,
        title: 'Week 3',
        description: null,
        start_at: '2026-03-02 08:00:00',
        end_at: '2026-03-02 09:40:00',
        videos: [{ url: 'https://media.example.org/a.mp4' }, { url: 'http://media.example.org/b.webm' }],
        activity_id: null,
        presence_id: null,
      },
    });
    // the activity, the presence session and the hosts chosen
    expect(
      roomWrite({ ...fields, activityId: '7', presenceId: '12', hosts: ['2', '5'] }, '3').write,
    ).toMatchObject({
      activity_id: 7,
      presence_id: 12,
      host: [2, 5],
    });
    expect(roomWrite({ ...fields, title: ' ', end: '2026-03-02T08:00', videos: 'media/a.mp4' }, '3')).toEqual(
      {
        problems: ['title', 'order', 'videos'],
      },
    );
    expect(roomWrite({ ...fields, start: '', end: '' }, '3')).toEqual({ problems: ['start', 'end'] });
  });
});

describe('live attendance on rejoining', () => {
  it('keeps "marked" when a reconnect finds the mark the first join made', () => {
    const joined = (attendance: LiveMark | null) =>
      ({
        type: 'joined',
        room: { is_ended: false },
        role: 'student',
        video: null,
        participants: [],
        attendance,
        at: 0,
      }) as unknown as Parameters<typeof liveReducer>[1];
    const first = liveReducer(INITIAL, joined('marked'));
    expect(liveReducer(first, joined('already_marked')).attendance).toBe('marked');
    expect(liveReducer(INITIAL, joined('already_marked')).attendance).toBe('already_marked');
    expect(liveReducer(first, joined('sent')).attendance).toBe('sent');
  });
});
