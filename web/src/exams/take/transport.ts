import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Outcome } from './outbox';

const RETRIABLE = new Set([401, 408, 409, 425, 429]);

function detailOf(data: unknown): { detail?: string; code?: string } {
  const errors = (data as { errors?: Array<{ detail?: string; code?: string }> } | null)?.errors;
  return Array.isArray(errors) && errors[0] ? { detail: errors[0].detail, code: errors[0].code } : {};
}

/**
 * What a failed save means for the outbox: no network or no answer in time → try again later
 * (offline); a server error, a throttle or a refused (then renewed) session → try again; 403 → the
 * attempt is over (the service refuses saves after its end with `closed`); any other refusal is
 * final for that save and is shown.
 */
export function outcomeOf(
  error: FetchBaseQueryError | { status?: unknown; data?: unknown; message?: string },
): Outcome {
  const status = 'status' in error ? error.status : undefined;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { kind: 'retry', offline: true };
  if (typeof status !== 'number') return { kind: 'retry', offline: false };
  if (status >= 500 || RETRIABLE.has(status)) return { kind: 'retry', offline: false };
  const { detail } = detailOf('data' in error ? error.data : undefined);
  if (status === 403) return { kind: 'closed', detail };
  return { kind: 'refused', detail };
}

/** The code of a JSON:API refusal (`not_open_yet`, `token_wrong`…), if it has one. */
export function refusalCode(error: unknown): string | undefined {
  return detailOf((error as { data?: unknown } | null)?.data).code;
}
