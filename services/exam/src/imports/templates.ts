/**
 * The import templates a lecturer downloads (services/exam/templates/, written by
 * `npm run exam:templates`): an example question of every importable type in the format the
 * importers read, and the instructions. A test imports the shipped files.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { COLUMNS, SHEET_NAME } from './spreadsheet';

export const TEMPLATE_FILES = {
  xlsx: {
    file: 'questions-template.xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  docx: {
    file: 'questions-template.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
} as const;

const OPTION_COLUMNS = ['option_a', 'option_b', 'option_c', 'option_d', 'option_e'];

const EXAMPLE_ROWS: Array<Record<string, string | number>> = [
  {
    type: 'multiple_choices',
    question: 'Which planet is the largest in the solar system?',
    option_a: 'Mars',
    option_b: 'Jupiter',
    option_c: 'Venus',
    option_d: 'Earth',
    answer: 'B',
    weight: 1,
    tags: 'astronomy',
  },
  {
    type: 'multiple_answers',
    question: 'Which of these numbers are prime?',
    option_a: '2',
    option_b: '4',
    option_c: '7',
    option_d: '9',
    answer: 'A, C',
    weight: 2,
    tags: 'mathematics, primes',
  },
  {
    type: 'true_false',
    question: 'Water boils at 100 °C at sea level.',
    answer: 'TRUE',
    weight: 1,
    tags: 'physics',
  },
  {
    type: 'exact',
    question: 'What is the acceleration of gravity on Earth in m/s², to one decimal place?',
    answer: 9.8,
    tolerance: 0.1,
    decimal_place: 1,
    weight: 1,
    tags: 'physics',
  },
  {
    type: 'exact',
    question: 'What is the capital of Indonesia?',
    answer: 'Jakarta',
    weight: 1,
    tags: 'geography',
  },
  {
    type: 'essay',
    question: 'Explain in your own words why the sky is blue.',
    weight: 5,
    tags: 'physics',
    solution: 'Rayleigh scattering: shorter wavelengths scatter more.',
  },
];

const INSTRUCTIONS = [
  'How to fill in the sheet "Questions": one question per row, below the header row (keep the header).',
  'type: multiple_choices, multiple_answers, true_false, exact or essay (parameterized questions need a dataset: write them in the exam editor).',
  'question: the question text. option_a … option_e: the options of a choice question (add option_f … option_z columns for more).',
  'answer: the correct letter (B) for multiple_choices; the letters (A, C) for multiple_answers; TRUE or FALSE for true_false;',
  '        the accepted answer for exact (several separated by ;); empty for essay.',
  'weight: the points of the question (default 1). tolerance and decimal_place: for a numeric exact answer (default 0).',
  'tags: separated by commas. solution: shown to students when the exam allows it.',
  'A file with a problem imports nothing: the import lists every problem with its row, fix them and import again.',
];

/** The spreadsheet template: the example questions and an instructions sheet. */
export async function buildSpreadsheetTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  // a fixed date, so the template is the same each time it is written
  workbook.created = workbook.modified = new Date('2026-01-01T00:00:00Z');
  const sheet = workbook.addWorksheet(SHEET_NAME);
  const headers = [
    'type',
    'question',
    ...OPTION_COLUMNS,
    ...COLUMNS.filter((c) => c !== 'type' && c !== 'question'),
  ];
  sheet.columns = headers.map((header) => ({
    header,
    key: header,
    width: header === 'question' || header === 'solution' ? 50 : header.startsWith('option') ? 16 : 14,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of EXAMPLE_ROWS) sheet.addRow(row);
  const help = workbook.addWorksheet('Instructions');
  help.getColumn(1).width = 140;
  for (const line of INSTRUCTIONS) help.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A paragraph of a generated Word document: text, bold or not; '' is an empty paragraph. */
export type WordParagraph = string | { text: string; bold?: boolean; list?: boolean };

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A minimal .docx (document, styles-free) of the paragraphs; list paragraphs become a numbered
 * Word list, as a lecturer's auto-numbered options would be.
 */
export async function buildWordDocument(paragraphs: readonly WordParagraph[]): Promise<Buffer> {
  const zip = new JSZip();
  const hasList = paragraphs.some((p) => typeof p !== 'string' && p.list);
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      (hasList
        ? '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>'
        : '') +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      (hasList
        ? '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>'
        : '') +
      '</Relationships>',
  );
  if (hasList)
    zip.file(
      'word/numbering.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/>' +
        '<w:lvlText w:val="%1."/></w:lvl></w:abstractNum>' +
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>',
    );
  const body = paragraphs
    .map((paragraph) => {
      const { text, bold, list } =
        typeof paragraph === 'string' ? { text: paragraph, bold: false, list: false } : paragraph;
      const properties = list
        ? '<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
        : '';
      if (!text) return `<w:p>${properties}</w:p>`;
      const run = `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
      return `<w:p>${properties}${run}</w:p>`;
    })
    .join('');
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
  );
  // a fixed date on every entry, so the template is the same each time it is written
  const date = new Date('2026-01-01T00:00:00Z');
  zip.forEach((_path, entry) => {
    entry.date = date;
  });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The Word template: how to write questions (comments) and one of each importable type. */
export function buildWordTemplate(): Promise<Buffer> {
  return buildWordDocument([
    '// Question import template. Lines starting with // are comments and are not imported.',
    '// One question per block; leave an empty line between questions. The question first, then its options',
    '// (A. … B. … or a Word list), then ANSWER: and, if you like, TYPE:, WEIGHT:, TOLERANCE:, DECIMAL_PLACE:, TAGS:, SOLUTION:.',
    '// ANSWER: B (one correct option), A, C (several: multiple_answers), TRUE or FALSE, a number or a word (exact),',
    '// or no ANSWER at all for an essay. A file with a problem imports nothing: every problem is listed with its question number.',
    '',
    '1. Which planet is the largest in the solar system?',
    'A. Mars',
    'B. Jupiter',
    'C. Venus',
    'D. Earth',
    'ANSWER: B',
    'TAGS: astronomy',
    '',
    '2. Which of these numbers are prime?',
    { text: '2', list: true },
    { text: '4', list: true },
    { text: '7', list: true },
    { text: '9', list: true },
    'ANSWER: A, C',
    'WEIGHT: 2',
    'TAGS: mathematics, primes',
    '',
    '3. Water boils at 100 °C at sea level.',
    'ANSWER: TRUE',
    '',
    '4. What is the acceleration of gravity on Earth in m/s², to one decimal place?',
    'ANSWER: 9.8',
    'TOLERANCE: 0.1',
    'DECIMAL_PLACE: 1',
    'TAGS: physics',
    '',
    '5. Explain in your own words why the sky is blue.',
    'TYPE: essay',
    'WEIGHT: 5',
    'SOLUTION: Rayleigh scattering: shorter wavelengths scatter more.',
  ]);
}
