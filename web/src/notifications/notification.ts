/** What a failed call shows the user (spec 01 §8), and what a successful save tells them. */
import i18n from '../i18n/i18n';

/** A failed call: 'Warning' for 4xx, 'Error' otherwise (spec 01 §8). */
export interface Notice {
  title: 'Warning' | 'Error';
  color: 'warning' | 'danger';
  text: string;
}

/** A save that succeeded, in a sentence that names what happened ("Module “Week 1” added."). */
export interface SuccessNotice {
  color: 'success';
  text: string;
}

export type AnyNotice = Notice | SuccessNotice;

interface ApiErrorObject {
  title?: string;
  detail?: string;
  source?: { pointer?: string };
}

/** An RTK Query error (`{status, data}` or `{status: 'FETCH_ERROR', error}`) or a thrown Error. */
export type FailedCall =
  | { status: number | string; data?: unknown; error?: string }
  | { message?: string; title?: string }
  | undefined
  | null;

function errorsOf(data: unknown): ApiErrorObject[] {
  if (data && typeof data === 'object' && Array.isArray((data as { errors?: unknown }).errors)) {
    return (data as { errors: ApiErrorObject[] }).errors;
  }
  return [];
}

/**
 * The label of the attribute a 422 points at (`/data/attributes/class_id` → "Class"), in the
 * interface language; an attribute without a label reads as words ("start_at" → "Start at").
 */
export function fieldLabel(pointer: string): string {
  const attribute = pointer.replace(/^\/data\/attributes\//, '').split('/')[0];
  const key = `fields.${attribute}`;
  if (i18n.exists(key)) return i18n.t(key);
  const words = attribute.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function notificationFor(failure: FailedCall | unknown, fallback?: string): Notice {
  const call = (failure ?? {}) as { status?: number | string; data?: unknown; error?: string };
  const thrown = (failure ?? {}) as { message?: string; title?: string };
  const status = typeof call.status === 'number' ? call.status : undefined;
  const errors = errorsOf(call.data);
  const clientError = status !== undefined && status >= 400 && status < 500;

  let text: string | undefined;
  if (status === 422 && errors[0]) {
    const pointer = errors[0].source?.pointer;
    text = [pointer && fieldLabel(pointer), errors[0].detail ?? errors[0].title].filter(Boolean).join(': ');
  } else {
    // what happened (`detail`) says more than the status text (`title`: "Conflict", "Not Found")
    text = errors[0]?.detail ?? errors[0]?.title ?? thrown.message ?? call.error ?? thrown.title;
  }
  return {
    title: clientError ? 'Warning' : 'Error',
    color: clientError ? 'warning' : 'danger',
    text: text || fallback || 'Please Try Again!',
  };
}
