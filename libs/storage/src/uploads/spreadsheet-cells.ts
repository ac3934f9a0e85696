/**
 * A spreadsheet cell's value as text, whatever exceljs made of it: a string, number or boolean,
 * rich text, a formula's result, a link's text, a date (ISO 8601), an error.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText))
      return value.richText.map((part: { text?: unknown }) => String(part.text ?? '')).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result);
    if ('error' in value) return String(value.error);
  }
  return '';
}
