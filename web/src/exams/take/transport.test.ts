import { describe, expect, it } from 'vitest';
import { outcomeOf, refusalCode } from './transport';

const refusal = (status: number, code: string, detail: string) => ({
  status,
  data: { errors: [{ status: String(status), code, detail }] },
});

describe('what a failed save means', () => {
  it('retries what may pass: no network, timeouts, server errors, throttling', () => {
    expect(outcomeOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      kind: 'retry',
      offline: true,
    });
    expect(outcomeOf({ status: 'TIMEOUT_ERROR', error: 'timeout' })).toEqual({
      kind: 'retry',
      offline: true,
    });
    for (const status of [500, 502, 503, 504, 429, 408, 401]) {
      expect(outcomeOf({ status, data: null })).toEqual({ kind: 'retry', offline: false });
    }
    expect(outcomeOf({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' })).toEqual({
      kind: 'retry',
      offline: false,
    });
  });

  it('stops at a 403 (the attempt is over) and gives up other refusals with their detail', () => {
    expect(outcomeOf(refusal(403, 'closed', 'The exam ended at 10:30.'))).toEqual({
      kind: 'closed',
      detail: 'The exam ended at 10:30.',
    });
    expect(outcomeOf(refusal(422, 'invalid', 'answer_index must list options of the question'))).toEqual({
      kind: 'refused',
      detail: 'answer_index must list options of the question',
    });
    expect(outcomeOf({ status: 404, data: null })).toEqual({ kind: 'refused', detail: undefined });
  });

  it('reads the code of a refusal', () => {
    expect(refusalCode(refusal(403, 'token_wrong', 'That token is not right.'))).toBe('token_wrong');
    expect(refusalCode({ status: 'FETCH_ERROR' })).toBeUndefined();
    expect(refusalCode(null)).toBeUndefined();
  });
});
