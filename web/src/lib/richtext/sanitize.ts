/**
 * Rich text (text contents, course descriptions) is sanitized by the server when it is written
 * (libs/richtext). Before the reader shows it, it is cut down again to an allowlist of formatting
 * tags and safe attributes, for rows written before that: scripts, styles, event handlers, frames
 * and `javascript:` addresses never reach the page. Math keeps its LaTeX (`data-latex`), which
 * the reader renders with KaTeX.
 */

const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
/** Dropped with everything inside them. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'frame',
  'frameset',
  'noscript',
  'template',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'svg',
  'math',
]);
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan', 'scope'],
  ol: ['start'],
  code: ['class'],
  span: ['data-type', 'data-latex'],
  div: ['data-type', 'data-latex'],
};

/** Values an attribute must have to be kept (others are dropped). */
const ALLOWED_VALUES: Record<string, (value: string, tag: string) => boolean> = {
  class: (value) => /^language-[a-z0-9+#_-]{1,30}$/i.test(value),
  'data-type': (value, tag) => value === (tag === 'span' ? 'inline-math' : 'block-math'),
};

/** An address the reader may link to: http(s), mailto, or relative to this site. */
export function safeUrl(value: string | null | undefined, schemes = ['http:', 'https:', 'mailto:']) {
  const text = (value ?? '').trim();
  if (!text) return null;
  try {
    const url = new URL(text, 'https://relative.invalid/');
    if (!schemes.includes(url.protocol)) return null;
    return text;
  } catch {
    return null;
  }
}

/** Whether a text content is HTML (any tag) rather than plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text);
}

function clean(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 3) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const tag = element.tagName.toLowerCase();
    if (DROPPED_TAGS.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      clean(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag === 'h1' ? 'h2' : tag);
    for (const name of ALLOWED_ATTRIBUTES[tag] ?? []) {
      const value = element.getAttribute(name);
      if (value === null) continue;
      if (name === 'href' || name === 'src') {
        const url = safeUrl(value, name === 'src' ? ['http:', 'https:'] : undefined);
        if (url) copy.setAttribute(name, url);
      } else if (ALLOWED_VALUES[name]?.(value, tag) ?? true) copy.setAttribute(name, value);
    }
    // The LaTeX of a formula only on a math node.
    if (copy.hasAttribute('data-latex') && !copy.hasAttribute('data-type'))
      copy.removeAttribute('data-latex');
    if (tag === 'a' && copy.hasAttribute('href')) {
      copy.setAttribute('target', '_blank');
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    clean(element, copy, doc);
    target.appendChild(copy);
  }
}

/** The HTML with only allowed tags and attributes left (text of removed wrappers kept). */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const output = document.implementation.createHTMLDocument('');
  const root = output.createElement('div');
  clean(parsed.body, root, output);
  return root.innerHTML;
}
