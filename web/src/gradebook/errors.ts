import { notificationFor } from '../notifications/notification';

interface ErrorObject {
  detail?: string;
  title?: string;
  source?: { pointer?: string };
}

/** The JSON:API errors of a failed call, if it answered any. */
export function errorsOf(failure: unknown): ErrorObject[] {
  const data = (failure as { data?: unknown } | null | undefined)?.data;
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors) ? (errors as ErrorObject[]) : [];
}

/** What went wrong, in the server's words when it gave some (a 422's detail), else the general text. */
export function reasonOf(failure: unknown, fallback: string): string {
  return errorsOf(failure)[0]?.detail ?? notificationFor(failure, fallback).text;
}

/** The HTTP status of a failed call, if it reached the server. */
export const statusOf = (failure: unknown): number | undefined => {
  const status = (failure as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};
