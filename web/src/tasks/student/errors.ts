/** The `code` of a failed call's first JSON:API error (`file_required`, `closed`, `already_sent`…), if any. */
export function errorCode(failure: unknown): string | undefined {
  const data = (failure as { data?: unknown } | null | undefined)?.data;
  const errors = (data as { errors?: Array<{ code?: unknown }> } | null | undefined)?.errors;
  const code = Array.isArray(errors) ? errors[0]?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The HTTP status of a failed call, if it reached the server. */
export function statusOf(failure: unknown): number | undefined {
  const status = (failure as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
