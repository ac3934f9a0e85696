import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/**
 * A small real PDF: a student's essay of one A4 page (title, name, paragraphs), as a student
 * would hand in — what the demo's sent answer holds, for the lecturer to open and annotate.
 */
export async function essayPdf(
  title: string,
  author: string,
  paragraphs: readonly string[],
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 64;
  const width = page.getWidth() - 2 * margin;
  let y = page.getHeight() - margin;
  page.drawText(title, { x: margin, y, size: 18, font: bold, color: rgb(0.1, 0.1, 0.2) });
  y -= 24;
  page.drawText(author, { x: margin, y, size: 11, font: regular, color: rgb(0.35, 0.35, 0.4) });
  y -= 32;
  for (const paragraph of paragraphs) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const next = line === '' ? word : `${line} ${word}`;
      if (regular.widthOfTextAtSize(next, 11.5) > width) {
        page.drawText(line, { x: margin, y, size: 11.5, font: regular });
        y -= 17;
        line = word;
      } else line = next;
    }
    if (line !== '') page.drawText(line, { x: margin, y, size: 11.5, font: regular });
    y -= 28;
  }
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
