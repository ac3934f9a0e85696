/**
 * Question imports (spec 02 §7 "Imports"): where each format is sent, and the report of a refused
 * file. A file with errors imports nothing and the service answers 422 with every problem; each
 * error names its row (spreadsheet), block (Word) or item (QTI), the field and the reason in its
 * `meta` (or its pointer: `/rows/3/answer`).
 */

export const IMPORT_FORMATS = ['xlsx', 'docx', 'qti'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Where a format's file goes, and the fields sent before it. */
export function importRequest(
  format: ImportFormat,
  examId: string,
  pack: number,
): { url: string; fields: Record<string, string>; accept: string } {
  const fields = { exam_id: examId, package: String(pack) };
  switch (format) {
    case 'xlsx':
      return {
        url: '/api/exam/imports/question',
        fields,
        accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
    case 'docx':
      return {
        url: '/api/import-word',
        fields,
        accept: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      };
    case 'qti':
      return { url: '/api/exam/imports/qti', fields, accept: '.zip,.xml,application/zip' };
  }
}

export interface ReportLine {
  /**
   * The row (spreadsheet), question block (Word) or item (QTI, its identifier); null for a problem
   * of the whole file.
   */
  place: number | string | null;
  field: string | null;
  reason: string;
}

interface ErrorObject {
  detail?: string;
  title?: string;
  source?: { pointer?: string };
  meta?: { row?: number; block?: number; item?: string; field?: string; reason?: string };
}

/** Every problem of a refused import, in the order of the file. */
export function importReport(body: unknown): ReportLine[] {
  const errors = (body as { errors?: ErrorObject[] } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const lines = errors.map((error): ReportLine => {
    const pointer = error.source?.pointer ?? '';
    const match = /\/(?:rows|blocks|items)\/(\d+)(?:\/([\w.-]+))?/.exec(pointer);
    const place =
      error.meta?.row ?? error.meta?.block ?? error.meta?.item ?? (match ? Number(match[1]) : null);
    const field = error.meta?.field ?? match?.[2] ?? null;
    return { place, field, reason: error.meta?.reason ?? error.detail ?? error.title ?? '' };
  });
  // the whole file's problems first, then by place (rows and blocks by number)
  const order = (line: ReportLine) =>
    line.place === null ? -1 : typeof line.place === 'number' ? line.place : 0;
  return lines.sort((a, b) => order(a) - order(b));
}

/** How many questions an accepted import created (`meta.imported`, or the questions it answered). */
export function importedCount(body: unknown): number {
  const document = body as { meta?: { imported?: number; count?: number }; data?: unknown } | null;
  if (typeof document?.meta?.imported === 'number') return document.meta.imported;
  if (typeof document?.meta?.count === 'number') return document.meta.count;
  return Array.isArray(document?.data) ? document.data.length : 0;
}

/** The questions a QTI export left out, from its `X-Qti-Not-Exported` header (URI-encoded JSON). */
export function skippedOf(header: string | null): Array<{ index: number; reason: string }> {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(header));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (entry): entry is { index: number; reason: string } =>
        typeof entry?.index === 'number' && typeof entry?.reason === 'string',
    );
  } catch {
    return [];
  }
}
