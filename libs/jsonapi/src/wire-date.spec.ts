import { formatWireDate, parseWireDate } from './wire-date';

describe('formatWireDate', () => {
  it('writes the instant as a wall clock in the given zone', () => {
    const instant = new Date('2024-05-01T10:04:05.678Z');
    expect(formatWireDate(instant, 'UTC')).toBe('2024-05-01 10:04:05');
    expect(formatWireDate(instant, 'Asia/Jakarta')).toBe('2024-05-01 17:04:05');
    expect(formatWireDate(instant, 'America/New_York')).toBe('2024-05-01 06:04:05');
  });

  it('writes midnight as 00, not 24, and crosses the date line', () => {
    expect(formatWireDate(new Date('2024-12-31T17:00:00Z'), 'Asia/Jakarta')).toBe('2025-01-01 00:00:00');
  });

  it('refuses an invalid Date', () => {
    expect(() => formatWireDate(new Date('nope'), 'UTC')).toThrow(RangeError);
  });

  it('refuses an unknown time zone', () => {
    expect(() => formatWireDate(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('writes what Intl shows, around offset changes, in odd zones and in the past', () => {
    const zones = [
      'Asia/Jakarta', // LMT +07:07:12 before 1924
      'Europe/Amsterdam', // +00:19:32 until 1937
      'America/New_York',
      'Australia/Lord_Howe', // daylight saving of 30 minutes
      'Pacific/Chatham', // +12:45 / +13:45
      'Asia/Kathmandu', // +05:45 since 1986
      'America/St_Johns', // −03:30, changed at 00:01 local until 2011
    ];
    const mismatches: string[] = [];
    for (const zone of zones) {
      const formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      const reference = (t: number) => {
        const parts = Object.fromEntries(
          formatter.formatToParts(new Date(t)).map((part) => [part.type, part.value]),
        );
        return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
      };
      const offset = (t: number) => Date.parse(`${reference(t).replace(' ', 'T')}Z`) - (t - (t % 1000));
      const instants: number[] = [];
      for (const year of [1920, 1937, 1987, 2024]) {
        // Weekly samples of the year; where the offset differs, the second it changes (bisection).
        let previous = Date.UTC(year, 0, 1);
        for (let t = previous + 7 * 86_400_000; t <= Date.UTC(year + 1, 0, 1); t += 7 * 86_400_000) {
          instants.push(t + 1_234_567);
          if (offset(previous) !== offset(t)) {
            let [low, high] = [previous, t];
            while (high - low > 1000) {
              const middle = low + Math.floor((high - low) / 2000) * 1000;
              if (offset(middle) === offset(low)) low = middle;
              else high = middle;
            }
            for (const delta of [-3_600_000, -1000, 0, 999, 1000, 1800_000, 3_600_000])
              instants.push(high + delta);
          }
          previous = t;
        }
      }
      for (const t of instants) {
        const ours = formatWireDate(new Date(t), zone);
        if (ours !== reference(t))
          mismatches.push(`${zone} ${new Date(t).toISOString()}: ${ours} ≠ ${reference(t)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('parseWireDate', () => {
  it('reads the wall clock of the given zone', () => {
    expect(parseWireDate('2024-05-01 17:04:05', 'Asia/Jakarta').toISOString()).toBe(
      '2024-05-01T10:04:05.000Z',
    );
    expect(parseWireDate('2024-05-01 17:04:05', 'UTC').toISOString()).toBe('2024-05-01T17:04:05.000Z');
  });

  it('reads a bare date as midnight', () => {
    expect(parseWireDate('2024-05-01', 'Asia/Jakarta').toISOString()).toBe('2024-04-30T17:00:00.000Z');
  });

  it('is the inverse of formatWireDate, across daylight-saving changes', () => {
    const zones = ['UTC', 'Asia/Jakarta', 'Europe/Berlin', 'America/New_York', 'Australia/Adelaide'];
    for (let hours = 0; hours < 24 * 400; hours += 7) {
      const instant = new Date(Date.UTC(2024, 0, 1) + hours * 3_600_000 + 1_000);
      for (const zone of zones) {
        const text = formatWireDate(instant, zone);
        const back = parseWireDate(text, zone);
        // A wall time shown twice (clocks set back) reads as the earlier instant.
        expect(formatWireDate(back, zone)).toBe(text);
        expect(instant.getTime() - back.getTime()).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('reads a wall time skipped by clocks set forward as the time after the jump', () => {
    // New York skipped 02:00-03:00 on 2024-03-10.
    expect(formatWireDate(parseWireDate('2024-03-10 02:30:00', 'America/New_York'), 'America/New_York')).toBe(
      '2024-03-10 03:30:00',
    );
    expect(formatWireDate(parseWireDate('2024-03-31 02:30:00', 'Europe/Berlin'), 'Europe/Berlin')).toBe(
      '2024-03-31 03:30:00',
    );
  });

  it.each([
    '2024-05-01T10:00:00',
    '2024-05-01 10:00',
    '2024-5-1',
    '2024-02-30',
    '2023-02-29 00:00:00',
    '2024-13-01',
    '2024-05-01 24:00:00',
    '2024-05-01 10:60:00',
    ' 2024-05-01',
    '',
  ])('throws on %j', (text) => {
    expect(() => parseWireDate(text, 'UTC')).toThrow(RangeError);
  });
});
