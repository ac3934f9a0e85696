import type { TFunction } from 'i18next';
import { notificationFor } from '../../notifications/notification';
import { periodLabel } from '../periods';
import type { CourseRequest } from './courseRequestsApi';

/** The fields of the request form, as the service's 422 pointers name them. */
export const REQUEST_FIELDS = ['name', 'code', 'period_id', 'faculty_id', 'classes', 'note'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

/** A problem of the form: the field it is about (none: the whole request) and what is wrong. */
export interface RequestProblem {
  field: RequestField | null;
  detail: string;
}

/** Class names as typed: separated by commas, semicolons or new lines; blanks dropped. */
export function classNamesOf(text: string): string[] {
  return text
    .split(/[,;\n]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * Each problem a refused request answered (`/data/attributes/classes/1` is about `classes`); a
 * failure without any (the network, the server) as one problem of the whole request.
 */
export function problemsOf(failure: unknown): RequestProblem[] {
  const data = (failure as { data?: { errors?: unknown } } | null | undefined)?.data;
  const errors = Array.isArray(data?.errors)
    ? (data.errors as Array<{ detail?: string; title?: string; source?: { pointer?: string } }>)
    : [];
  if (errors.length === 0) return [{ field: null, detail: notificationFor(failure).text }];
  return errors.map((error) => {
    const attribute = /^\/data\/attributes\/([^/]+)/.exec(error.source?.pointer ?? '')?.[1];
    const field = REQUEST_FIELDS.find((name) => name === attribute) ?? null;
    return { field, detail: error.detail ?? error.title ?? '' };
  });
}

/** The request's period as the interface names periods. */
export function requestPeriod(t: TFunction, request: CourseRequest): string {
  if (request.period_year === null || request.period_type === null) return request.period_name ?? '';
  return periodLabel(t, {
    name: request.period_name ?? '',
    year: request.period_year,
    period_type: request.period_type,
  });
}
