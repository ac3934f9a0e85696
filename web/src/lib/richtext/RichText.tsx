import { useEffect, useMemo, useRef } from 'react';
import { cx } from '../classNames';
import { holdsMath, readerHtml } from './richText';
import styles from './content.module.css';

/**
 * Stored rich text, read-only: a text content, a course's description. Formulas are rendered with
 * KaTeX, loaded (with its styles) only for a text that holds one.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const rendered = useMemo(() => readerHtml(html), [html]);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !holdsMath(element)) return;
    let current = true;
    void import('./katex').then(({ renderMathIn }) => {
      if (current) renderMathIn(element);
    });
    return () => {
      current = false;
    };
  }, [rendered]);
  if (rendered === null) return <p className={cx(styles.plain, className)}>{html}</p>;
  return (
    <div
      ref={container}
      className={cx(styles.content, className)}
      data-testid="rich-text"
      // Sanitized by readerHtml: only the allowlist of formatting tags and safe addresses is left.
      dangerouslySetInnerHTML={{ __html: rendered }}
    />
  );
}
