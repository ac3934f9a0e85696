import {
  BlendMode,
  EncryptedPDFError,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  type PDFFont,
  PDFDocument,
  PDFHexString,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  StandardFonts,
  stroke,
} from 'pdf-lib';
import type { WebAnnotation } from './annotation.entity';
import { DEFAULT_INK_WIDTH, type PageBox } from './annotations.rules';

/** A PDF pdf-lib cannot open (damaged, or encrypted so that it cannot be rewritten). */
export class UnreadablePdfError extends Error {
  constructor(readonly encrypted: boolean) {
    super(encrypted ? 'the PDF is encrypted' : 'the file is not a readable PDF');
  }
}

async function open(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    // pdf-lib fails on damaged files with errors of every kind (TypeError among them), some only
    // when the pages are looked for.
    const document = await PDFDocument.load(bytes, { updateMetadata: false });
    if (document.getPages().length === 0) throw new Error('no pages');
    return document;
  } catch (error) {
    throw new UnreadablePdfError(error instanceof EncryptedPDFError);
  }
}

/** The visible area (crop box) of each page, in PDF user space. */
export async function pageBoxes(bytes: Uint8Array): Promise<PageBox[]> {
  const document = await open(bytes);
  return document.getPages().map((page) => {
    const { x, y, width, height } = page.getCropBox();
    return { x0: x, y0: y, x1: x + width, y1: y + height };
  });
}

/** An annotation to draw, with who wrote it (shown in the PDF's notes). */
export interface AnnotationToDraw {
  annotation: WebAnnotation;
  author: string;
  createdAt: Date;
}

function color(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: ((value >> 16) & 255) / 255, g: ((value >> 8) & 255) / 255, b: (value & 255) / 255 };
}

/** The text as the standard font can write it (WinAnsi): other characters become `?`. */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/\r\n?/g, '\n'))
    .map((char) => (char === '\n' || known.has(char.codePointAt(0) ?? 0) ? char : '?'))
    .join('');
}

/** Lines of at most `width` points at `size`, breaking at spaces (and inside words too long for a line). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** Where a numbered badge of an annotation goes: a note's point, a highlight's top-left, ink's first point. */
function anchorOf(annotation: WebAnnotation): { x: number; y: number } {
  const selector = annotation.target.selector;
  if (selector.point) return selector.point;
  if (selector.rects?.length) {
    const first = selector.rects[0];
    return { x: first.x, y: first.y + first.height };
  }
  const [x, y] = selector.paths?.[0]?.[0] ?? [0, 0];
  return { x, y };
}

const BADGE = 14;

/** A numbered badge with its top-left corner at the anchor, kept on the page. */
function drawBadge(
  page: PDFPage,
  font: PDFFont,
  box: PageBox,
  anchor: { x: number; y: number },
  n: number,
  hex: string,
) {
  const x = Math.min(Math.max(anchor.x, box.x0), box.x1 - BADGE);
  const y = Math.min(Math.max(anchor.y - BADGE, box.y0), box.y1 - BADGE);
  const { r, g, b } = color(hex);
  page.drawRectangle({
    x,
    y,
    width: BADGE,
    height: BADGE,
    color: rgb(r, g, b),
    borderColor: rgb(0.1, 0.1, 0.1),
    borderWidth: 0.75,
  });
  const label = String(n);
  const size = label.length > 2 ? 6 : 8;
  page.drawText(label, {
    x: x + (BADGE - font.widthOfTextAtSize(label, size)) / 2,
    y: y + (BADGE - size * 0.72) / 2,
    size,
    font,
    color: rgb(0, 0, 0),
  });
  return { x, y };
}

/**
 * A PDF "Text" annotation (a sticky note readers open) holding the annotation's words, over its
 * badge, so the copy keeps the comments as comments and not only as ink.
 */
function addNote(
  document: PDFDocument,
  page: PDFPage,
  at: { x: number; y: number },
  text: string,
  author: string,
  hex: string,
) {
  const { r, g, b } = color(hex);
  const note = document.context.obj({
    Type: 'Annot',
    Subtype: 'Text',
    Rect: [at.x, at.y, at.x + BADGE, at.y + BADGE],
    Contents: PDFHexString.fromText(text),
    T: PDFHexString.fromText(author),
    Name: 'Comment',
    C: [r, g, b],
    F: 4,
  });
  const ref = document.context.register(note);
  page.node.addAnnot(ref);
}

/**
 * A copy of the PDF with the annotations burnt in: highlights as translucent rectangles, ink as
 * strokes, every annotation with words as a numbered badge carrying a PDF note, and at the end
 * pages listing the words by number. The original's pages are otherwise untouched.
 */
export async function annotatedCopy(
  bytes: Uint8Array,
  annotations: readonly AnnotationToDraw[],
  title: string,
): Promise<Uint8Array> {
  const document = await open(bytes);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const pages = document.getPages();
  const ordered = [...annotations].sort(
    (a, b) =>
      a.annotation.target.selector.page - b.annotation.target.selector.page ||
      a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const notes: Array<{ n: number; page: number; author: string; text: string; quote?: string }> = [];
  for (const { annotation, author } of ordered) {
    const selector = annotation.target.selector;
    const page = pages[selector.page - 1];
    if (!page) continue;
    const { x, y, width, height } = page.getCropBox();
    const box = { x0: x, y0: y, x1: x + width, y1: y + height };
    const { r, g, b } = color(annotation.color);
    for (const rect of selector.rects ?? [])
      page.drawRectangle({
        ...rect,
        color: rgb(r, g, b),
        opacity: 0.4,
        blendMode: BlendMode.Multiply,
      });
    if (selector.paths?.length) {
      const operators = [
        pushGraphicsState(),
        setStrokingRgbColor(r, g, b),
        setLineWidth(selector.width ?? DEFAULT_INK_WIDTH),
        setLineCap(LineCapStyle.Round),
        setLineJoin(LineJoinStyle.Round),
      ];
      for (const path of selector.paths) {
        const [first, ...rest] = path;
        operators.push(moveTo(first[0], first[1]));
        // A single point is a dot: a zero-length segment with round caps.
        for (const [px, py] of rest.length > 0 ? rest : [first]) operators.push(lineTo(px, py));
        operators.push(stroke());
      }
      operators.push(popGraphicsState());
      page.pushOperators(...operators);
    }
    const text = annotation.body?.value.trim() ?? '';
    if (annotation.motivation === 'commenting' || text !== '') {
      const n = notes.length + 1;
      const at = drawBadge(page, bold, box, anchorOf(annotation), n, annotation.color);
      if (text !== '') addNote(document, page, at, text, author, annotation.color);
      notes.push({ n, page: selector.page, author, text, quote: selector.quote });
    }
  }
  if (notes.length > 0) appendNotes(document, font, bold, notes, title);
  document.setModificationDate(new Date());
  return document.save();
}

/** A4 pages listing each numbered annotation: page, author, the highlighted words, the text. */
function appendNotes(
  document: PDFDocument,
  font: PDFFont,
  bold: PDFFont,
  notes: ReadonlyArray<{ n: number; page: number; author: string; text: string; quote?: string }>,
  title: string,
) {
  const [width, height, margin, size, leading] = [595.28, 841.89, 56, 10, 14];
  let page = document.addPage([width, height]);
  let y = height - margin;
  const line = (text: string, options: { font: PDFFont; size: number; indent?: number; gray?: boolean }) => {
    if (y < margin + leading) {
      page = document.addPage([width, height]);
      y = height - margin;
    }
    page.drawText(text, {
      x: margin + (options.indent ?? 0),
      y,
      size: options.size,
      font: options.font,
      color: options.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
    y -= options.size + 4;
  };
  line(writable(bold, `Annotations: ${title}`).slice(0, 90), { font: bold, size: 14 });
  y -= 6;
  const usable = width - 2 * margin - 20;
  for (const note of notes) {
    line(writable(bold, `${note.n}. Page ${note.page}, ${note.author}`), { font: bold, size });
    if (note.quote)
      for (const text of wrap(font, writable(font, `"${note.quote}"`), size, usable))
        line(text, { font, size, indent: 20, gray: true });
    for (const text of wrap(font, writable(font, note.text || '(no text)'), size, usable))
      line(text, { font, size, indent: 20 });
    y -= leading - size;
  }
}
