import { JsonApiException } from './errors';
import { MAX_ID, parseId, ParseIdPipe } from './ids';

const statusOf = (text: string): number | undefined => {
  try {
    parseId(text);
    return undefined;
  } catch (error) {
    return (error as JsonApiException).getStatus();
  }
};

describe('parseId', () => {
  it('reads whole decimal numbers', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('0042')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('answers ids no row can have (past 64 bits, past exact numbers, zero) with a 404', () => {
    for (const text of ['9223372036854775808', '99999999999999999999', String(MAX_ID + 1), '0']) {
      expect(statusOf(text)).toBe(404);
    }
  });

  it('answers what is not a whole number with a 400', () => {
    for (const text of ['-1', 'abc', '1e3', '1.5', '0x10', ' 1', '', '１']) {
      expect(statusOf(text)).toBe(400);
    }
  });

  it('names the route parameter in the pipe', () => {
    expect(() => new ParseIdPipe().transform('x', { type: 'param', data: 'courseId' })).toThrow(
      'courseId must be a whole number, not "x"',
    );
  });
});
