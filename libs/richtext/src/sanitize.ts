import sanitizeHtml, { type IOptions, type Transformer } from 'sanitize-html';

/**
 * The HTML a rich-text field may hold: what the web client's editor (TipTap, web/src/lib/richtext)
 * produces, and nothing else. Every service stores such a field only through
 * {@link sanitizeRichText} (on write), so what it answers is safe to insert into a page whoever
 * wrote it; the client cleans it again before display.
 *
 * Math is stored as its LaTeX source, never as KaTeX's HTML: `<span data-type="inline-math"
 * data-latex="x^2">x^2</span>` and `<div data-type="block-math" data-latex="…">…</div>`; the
 * reader renders it with KaTeX (without `trust`, so `\href` and friends do nothing).
 */

/** Tags kept, with their attributes (anything else on them is dropped). */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  hr: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  code: ['class'],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start', 'type'],
  li: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  span: ['data-type', 'data-latex'],
  div: ['data-type', 'data-latex'],
};

/** Schemes a link may use; relative addresses (this site) pass too, protocol-relative ones not. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'] as const;
/** Schemes an image may be loaded from (never `data:` or `javascript:`). */
export const IMAGE_SCHEMES = ['http', 'https'] as const;

/** What `rel` every link gets: the page it opens cannot reach back, and earns no ranking. */
export const LINK_REL = 'noopener noreferrer nofollow';

/** Dropped together with everything inside them (not only the tag). */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frameset',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'xmp',
  'plaintext',
];

const DIGITS = /^\d{1,4}$/;
const LIST_TYPES = new Set(['1', 'a', 'A', 'i', 'I']);

/** Keeps only the named attributes whose values pass (`undefined` check: any value). */
function keep(
  attribs: Record<string, string>,
  checks: Record<string, ((value: string) => boolean) | undefined>,
) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (!(name in checks)) continue;
    const check = checks[name];
    if (check === undefined || check(value)) kept[name] = value;
  }
  return kept;
}

const renamed =
  (tagName: string): Transformer =>
  (_tag, attribs) => ({ tagName, attribs });

const TRANSFORMS: Record<string, Transformer> = {
  // The page's title is the h1: a heading in a text starts at h2 (the editor offers h2–h4).
  h1: renamed('h2'),
  b: renamed('strong'),
  i: renamed('em'),
  strike: renamed('s'),
  del: renamed('s'),
  // Every link opens in a new tab without access to this page (what the editor writes).
  a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: LINK_REL } }),
  img: (tagName, attribs) => ({
    tagName,
    attribs: keep(attribs, {
      src: undefined,
      alt: undefined,
      title: undefined,
      width: isDigits,
      height: isDigits,
    }),
  }),
  td: cell,
  th: cell,
  ol: (tagName, attribs) => ({
    tagName,
    attribs: keep(attribs, { start: isDigits, type: (value) => LIST_TYPES.has(value) }),
  }),
  span: math('inline-math'),
  div: math('block-math'),
};

function isDigits(value: string) {
  return DIGITS.test(value);
}

function cell(tagName: string, attribs: Record<string, string>) {
  return { tagName, attribs: keep(attribs, { colspan: isDigits, rowspan: isDigits }) };
}

/** A span or div keeps `data-type`/`data-latex` only as the math node of its kind. */
function math(type: string): Transformer {
  return (tagName, attribs) => {
    const latex = attribs['data-latex'];
    const kept: Record<string, string> =
      attribs['data-type'] === type && typeof latex === 'string'
        ? { 'data-type': type, 'data-latex': latex }
        : {};
    return { tagName, attribs: kept };
  };
}

const OPTIONS: IOptions = {
  allowedTags: Object.keys(RICH_TEXT_ATTRIBUTES),
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedClasses: { code: [/^language-[a-z0-9+#_-]{1,30}$/i] },
  allowedStyles: {},
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesByTag: { img: [...IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  selfClosing: ['br', 'hr', 'img'],
  transformTags: TRANSFORMS,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
};

/** The HTML cut down to the rich-text allow-list: scripts, handlers, styles, frames and unsafe addresses removed. */
export function sanitizeRichText(html: string): string {
  // Void elements as HTML writes them (`<br>`, not `<br />`), like the editor: stored text stays
  // byte-for-byte what the editor wrote. Attribute values are escaped, so no `>` sits inside a tag.
  return sanitizeHtml(html, OPTIONS).replace(VOID_CLOSE, '<$1$2>');
}

const VOID_CLOSE = /<(br|hr|img)((?:\s[^>]*?)?) \/>/g;

const TAG = /<\/?[a-z!][^>]*>/i;

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as rich text: a paragraph per blank-line-separated block, line breaks kept. */
export function paragraphsOf(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => `<p>${escapeText(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * What a rich-text field stores for what a client sent: HTML sanitized, plain text (no tag at all,
 * from an older client or an API user) turned into paragraphs, so the field always holds HTML.
 */
export function richTextOf(input: string): string {
  return sanitizeRichText(TAG.test(input) ? input : paragraphsOf(input));
}

/** Whether sanitized rich text shows anything: some text, an image or a formula. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\s/i.test(html) || /data-latex="[^"]/.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text !== '';
}
