import { looksLikeHtml, sanitizeHtml } from './sanitize';

/**
 * Stored rich text as the reader shows it: sanitized (again: the server did on write); null for
 * plain text (written before rich text), which is shown as text. Formulas are rendered afterwards
 * (RichText loads KaTeX only when the text holds one).
 */
export function readerHtml(text: string): string | null {
  return looksLikeHtml(text) ? sanitizeHtml(text) : null;
}

/** Whether a rendered text holds a formula to render. */
export function holdsMath(container: ParentNode): boolean {
  return container.querySelector('[data-type][data-latex]') !== null;
}
