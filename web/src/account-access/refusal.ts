import type { TFunction } from 'i18next';
import { notificationFor } from '../notifications/notification';
import { errorCode, statusOf } from '../tasks/student/errors';

/** The attribute the first error of a refused call points at (`password`), if any. */
export function refusedField(failure: unknown): string | undefined {
  const data = (failure as { data?: unknown } | null | undefined)?.data;
  const errors = (data as { errors?: Array<{ source?: { pointer?: string } }> } | null | undefined)?.errors;
  const pointer = Array.isArray(errors) ? errors[0]?.source?.pointer : undefined;
  return pointer?.replace(/^\/data\/attributes\//, '').split('/')[0];
}

/**
 * Why a call of these pages was refused, in the interface language: a known refusal by its code
 * (`texts`), too many requests, no answer; else the server's words with the field they name.
 */
export function refusalText(failure: unknown, t: TFunction, texts: Record<string, string> = {}): string {
  const code = errorCode(failure);
  if (code && texts[code]) return texts[code];
  const status = statusOf(failure);
  if (status === 429) return t('accountAccess.tooMany');
  if (status === undefined || status >= 500) return t('accountAccess.failed');
  return notificationFor(failure).text;
}
