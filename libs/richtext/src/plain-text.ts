import { richTextOf } from './sanitize';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code === 0xa0 ? ' ' : code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];

/**
 * Rich text reduced to readable plain text, for where HTML cannot go (a PDF, a spreadsheet cell):
 * paragraphs, headings, list items, table rows and line breaks become lines (list items with a
 * bullet, table cells separated by ` | `), formulas their LaTeX between `$…$` (`$$…$$` for a
 * block), images `[image: alt]`, links their text followed by the address when it differs.
 * Sanitized first, so anything the allow-list drops (scripts, styles) never shows.
 */
export function plainTextOf(input: string): string {
  const html = richTextOf(input);
  let linkHref: string | undefined;
  // Inside a table cell, paragraphs and breaks are spaces: a row stays one line.
  let inCell = false;
  const text = html.replace(/<(\/?)([a-z0-9]+)([^>]*)>/gi, (tag, closing: string, rawName: string) => {
    const name = rawName.toLowerCase();
    if (closing) {
      if (name === 'a') {
        const href = linkHref;
        linkHref = undefined;
        return href ? `\uE001${href}\uE002` : '';
      }
      if (name === 'td' || name === 'th') {
        inCell = false;
        return ' | ';
      }
      if (inCell && name !== 'tr') return ' ';
      if (['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'pre', 'blockquote', 'div'].includes(name))
        return '\n';
      return '';
    }
    switch (name) {
      case 'td':
      case 'th':
        inCell = true;
        return '';
      case 'br':
        return inCell ? ' ' : '\n';
      case 'li':
        return '• ';
      case 'img': {
        const alt = decode(attribute(tag, 'alt') ?? '').trim();
        return alt ? `[image: ${alt}]` : '[image]';
      }
      case 'a':
        linkHref = decode(attribute(tag, 'href') ?? '');
        return '\uE003';
      case 'span':
      case 'div': {
        const latex = attribute(tag, 'data-latex');
        if (latex === undefined) return '';
        return name === 'span' ? `$${decode(latex)}$` : `\n$$${decode(latex)}$$\n`;
      }
      default:
        return '';
    }
  });
  return (
    decode(text)
      // A link shows its address after its text, unless the text is the address.
      .replace(/\uE003([^\uE001]*)\uE001([^\uE002]*)\uE002/g, (_whole, label: string, href: string) =>
        label.trim() === href || label.trim() === '' ? href : `${label} (${href})`,
      )
      .replace(/[\uE001-\uE003]/g, '')
      .replace(/\u00a0/g, ' ')
      .replace(/ +\| *\n/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/ {2,}/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
