import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  type PDFRef,
  StandardFonts,
} from 'pdf-lib';
import { annotatedCopy, pageBoxes, UnreadablePdfError } from './annotated-pdf';
import type { WebAnnotation } from './annotation.entity';

/** A two-page A4 PDF with a line of text on each page; page 2 has a crop box not at the origin. */
async function studentPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.TimesRoman);
  document.addPage([595, 842]).drawText('Essay on loops', { x: 72, y: 700, size: 18, font });
  const second = document.addPage([595, 842]);
  second.drawText('Second page', { x: 72, y: 700, size: 12, font });
  second.setCropBox(50, 60, 400, 500);
  return document.save();
}

function annotation(
  overrides: Partial<WebAnnotation> & Pick<WebAnnotation, 'motivation' | 'target'>,
): WebAnnotation {
  return {
    '@context': 'http://www.w3.org/ns/anno.jsonld',
    type: 'Annotation',
    color: '#ffd400',
    ...overrides,
  };
}

/** Every operator the page's content streams hold, decoded, as one text. */
function contentOf(document: PDFDocument, index: number): string {
  const page = document.getPage(index);
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((item) => {
      const stream = document.context.lookup(item as PDFRef);
      return stream instanceof PDFRawStream
        ? Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1')
        : '';
    })
    .join('\n');
}

describe('pageBoxes', () => {
  it('gives each page’s visible area in PDF user space', async () => {
    expect(await pageBoxes(await studentPdf())).toEqual([
      { x0: 0, y0: 0, x1: 595, y1: 842 },
      { x0: 50, y0: 60, x1: 450, y1: 560 },
    ]);
  });

  it('refuses what is not a PDF', async () => {
    await expect(pageBoxes(Buffer.from('%PDF-1.7 nothing else'))).rejects.toBeInstanceOf(UnreadablePdfError);
    await expect(pageBoxes(Buffer.from('PK\u0003\u0004 a zip'))).rejects.toBeInstanceOf(UnreadablePdfError);
  });
});

describe('annotatedCopy', () => {
  const at = new Date('2026-11-24T07:00:00Z');

  it('draws highlights, ink and notes onto a copy and lists the words on a page of their own', async () => {
    const original = await studentPdf();
    const copy = await annotatedCopy(
      original,
      [
        {
          author: 'Dr. Lecturer',
          createdAt: at,
          annotation: annotation({
            motivation: 'highlighting',
            body: { type: 'TextualBody', value: 'Good opening', format: 'text/plain' },
            target: {
              source: 'k',
              selector: {
                type: 'PdfSelector',
                page: 1,
                rects: [{ x: 70, y: 695, width: 130, height: 22 }],
                quote: 'Essay on loops',
              },
            },
          }),
        },
        {
          author: 'Dr. Lecturer',
          createdAt: at,
          annotation: annotation({
            motivation: 'drawing',
            color: '#e03131',
            target: {
              source: 'k',
              selector: {
                type: 'PdfSelector',
                page: 1,
                width: 3,
                paths: [
                  [
                    [100, 400],
                    [150, 420],
                    [200, 380],
                  ],
                ],
              },
            },
          }),
        },
        {
          author: 'Asisten Dosen',
          createdAt: at,
          annotation: annotation({
            motivation: 'commenting',
            color: '#f08c00',
            body: { type: 'TextualBody', value: 'Cite the source ✓ please', format: 'text/plain' },
            target: { source: 'k', selector: { type: 'PdfSelector', page: 2, point: { x: 100, y: 500 } } },
          }),
        },
      ],
      'essay.pdf',
    );

    const document = await PDFDocument.load(copy);
    expect(document.getPageCount()).toBe(3);

    const first = contentOf(document, 0);
    // The student's text is still there, under the drawings.
    expect(first).toContain('Tj');
    // The highlight: a translucent rectangle at the given place (pdf-lib translates to its corner).
    expect(first).toMatch(/1 0 0 1 70 695 cm/);
    expect(first).toMatch(/130 22 l|0 22 l/);
    // The ink: its width and the stroke through its points.
    expect(first).toContain('3 w');
    expect(first).toMatch(/100 400 m\s+150 420 l\s+200 380 l\s+S/);

    // Notes readers open: one per annotation with words, on its page, holding the words.
    const notesOf = (index: number) =>
      (document.getPage(index).node.Annots()?.asArray() ?? []).map(
        (ref) => document.context.lookup(ref) as PDFDict,
      );
    const [highlightNote] = notesOf(0);
    expect(highlightNote.get(PDFName.of('Subtype'))).toEqual(PDFName.of('Text'));
    expect((highlightNote.get(PDFName.of('Contents')) as PDFHexString).decodeText()).toBe('Good opening');
    const [pageTwoNote] = notesOf(1);
    expect((pageTwoNote.get(PDFName.of('Contents')) as PDFHexString).decodeText()).toBe(
      'Cite the source ✓ please',
    );
    expect((pageTwoNote.get(PDFName.of('T')) as PDFHexString).decodeText()).toBe('Asisten Dosen');
    // The badge stays inside page 2's crop box (its point is near the top).
    const rect = (pageTwoNote.get(PDFName.of('Rect')) as PDFArray).asArray().map(String).map(Number);
    expect(rect).toEqual([100, 486, 114, 500]);

    // The list of words: numbered, with the page, the author and the quoted text.
    const list = contentOf(document, 2).toUpperCase();
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex').toUpperCase();
    expect(list).toContain(hex('1. Page 1, Dr. Lecturer'));
    expect(list).toContain(hex('"Essay on loops"'));
    expect(list).toContain(hex('2. Page 2, Asisten Dosen'));
    // A character the standard font cannot write becomes "?"; the note keeps it whole.
    expect(list).toContain(hex('Cite the source ? please'));
  });

  it('leaves the original bytes alone and adds no list when nothing has words', async () => {
    const original = await studentPdf();
    const before = Buffer.from(original);
    const copy = await annotatedCopy(
      original,
      [
        {
          author: 'L',
          createdAt: at,
          annotation: annotation({
            motivation: 'highlighting',
            target: {
              source: 'k',
              selector: { type: 'PdfSelector', page: 2, rects: [{ x: 60, y: 70, width: 10, height: 10 }] },
            },
          }),
        },
      ],
      'essay.pdf',
    );
    expect(Buffer.from(original)).toEqual(before);
    const document = await PDFDocument.load(copy);
    expect(document.getPageCount()).toBe(2);
    expect(document.getPage(1).node.Annots()?.size() ?? 0).toBe(0);
    expect(contentOf(document, 1)).toMatch(/1 0 0 1 60 70 cm/);
  });
});
