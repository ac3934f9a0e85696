import { describe, expect, it } from 'vitest';
import { serverOffset } from '../../lib/serverClock';
import { formatRemaining, remainingMs, serverWallClock } from './clock';

describe('the exam clock', () => {
  it('follows the server, not the computer', () => {
    // the computer is 3 minutes and 20 s behind the server
    const received = new Date(2026, 10, 24, 9, 56, 40).getTime();
    const offset = serverOffset('2026-11-24 10:00:00', received);
    expect(offset).toBe(200_000);
    // the deadline is at 10:30 on the server: 30 minutes left now, whatever the PC shows
    expect(remainingMs('2026-11-24 10:30:00', offset, received)).toBe(30 * 60_000);
    expect(remainingMs('2026-11-24 10:30:00', offset, received + 30 * 60_000 + 5000)).toBe(0);
  });

  it('takes a timestamp too, and no offset when the server said nothing', () => {
    expect(serverOffset(1_000_500, 1_000_000)).toBe(500);
    expect(serverOffset(null, 1_000_000)).toBe(0);
    expect(serverOffset('not a date', 1_000_000)).toBe(0);
    expect(remainingMs(null, 0)).toBeNull();
  });

  it('writes what is left, rounded up to the second', () => {
    expect(formatRemaining(3_909_000)).toBe('1:05:09');
    expect(formatRemaining(309_000)).toBe('5:09');
    expect(formatRemaining(8_001)).toBe('0:09');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-5)).toBe('0:00');
  });

  it('writes the server’s time now as the services write dates', () => {
    const received = new Date(2026, 10, 24, 9, 56, 40).getTime();
    const offset = serverOffset('2026-11-24 10:00:00', received);
    expect(serverWallClock(offset, received + 5_000)).toBe('2026-11-24 10:00:05');
  });
});
