import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Gradebook } from './gradebook.service';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Excel's column letters of a 1-based column number. */
function letters(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A sheet name Excel accepts (31 characters, none of `[]:*?/\`), unique in the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim()
      .slice(0, 31) || 'Class';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${base.slice(0, 27)} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The course's gradebook as a workbook (docs/gradebook.md "Export"), streamed to `stream` as it is
 * built (exceljs' streaming writer: each row is written out once complete, so the memory it takes
 * does not grow with the course): one sheet per class, a header row with the gradeables' titles, a
 * row with their weights (%), then a row per student — NIM, name, each score as a number (empty
 * when missing), the final score as `=ROUND(SUMPRODUCT(scores, weights)/100, 2)` and the band as
 * nested `IF`s over the course's bands, both formulas carrying the service's own result as their
 * cached value. Resolves once the whole file went into `stream` (which it ends).
 */
export async function writeGradebookWorkbook(book: Gradebook, stream: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'LMS';
  recomputeOnOpening(workbook);
  const taken = new Set<string>();
  const classes = book.classes.length > 0 ? book.classes : [{ id: -1, name: 'Students' }];
  const first = 3; // the first score column (C)
  const last = first + book.columns.length - 1;
  const finalColumn = first + book.columns.length;
  const bands = [...book.bands].sort((a, b) => b.min - a.min);
  for (const courseClass of classes) {
    const sheet = workbook.addWorksheet(sheetName(courseClass.name, taken), {
      views: [{ state: 'frozen', xSplit: 2, ySplit: 2 }],
    });
    sheet.columns = [
      { width: 14 },
      { width: 28 },
      ...book.columns.map(() => ({ width: 14 })),
      { width: 12 },
      { width: 8 },
    ];
    const header = sheet.addRow([
      'NIM',
      'Name',
      ...book.columns.map((column) => column.title),
      'Final score',
      'Index',
    ]);
    header.font = { bold: true };
    header.commit();
    const weights = sheet.addRow([
      '',
      'Weight (%)',
      ...book.columns.map((column) => column.percentage),
      book.weightsTotal,
    ]);
    weights.font = { italic: true };
    weights.commit();
    for (const row of book.rows.filter(
      (candidate) => courseClass.id === -1 || candidate.classId === courseClass.id,
    )) {
      const line = sheet.addRow([
        row.nim ?? '',
        row.name,
        ...book.columns.map((column) => row.scores[column.key] ?? null),
      ]);
      const r = line.number;
      const final = line.getCell(finalColumn);
      final.value =
        book.columns.length === 0
          ? 0
          : {
              formula: `ROUND(SUMPRODUCT(${letters(first)}${r}:${letters(last)}${r},${letters(first)}$2:${letters(last)}$2)/100,2)`,
              result: row.finalScore,
            };
      if (bands.length > 0) {
        const at = `${letters(finalColumn)}${r}`;
        const lowest = bands[bands.length - 1];
        const nested = bands.reduceRight(
          (otherwise, band) => `IF(${at}>=${band.min},${quote(band.index)},${otherwise})`,
          '""',
        );
        line.getCell(finalColumn + 1).value = {
          formula: `IF(OR(${at}<${lowest.min},${at}>${bands[0].max}),"",${nested})`,
          result: row.index ?? '',
        };
      }
      line.commit();
    }
    sheet.commit();
  }
  await workbook.commit();
}

/**
 * exceljs stores no cached result of 0 or "", so the workbook asks Excel to recompute every formula
 * on opening (`<calcPr fullCalcOnLoad="1">`), a flag its streaming writer does not offer: it is put
 * into the workbook part as the writer adds it (the export's integration test reads it back).
 */
function recomputeOnOpening(workbook: ExcelJS.stream.xlsx.WorkbookWriter): void {
  type Append = (source: unknown, data: { name: string }) => unknown;
  const writer = workbook as unknown as { zip: { append: Append }; addWorkbook(): Promise<void> };
  const addWorkbook = writer.addWorkbook.bind(writer);
  writer.addWorkbook = async () => {
    const append = writer.zip.append;
    writer.zip.append = function (this: unknown, source, data) {
      const part =
        data.name === '/xl/workbook.xml' && typeof source === 'string'
          ? source.replace('<calcPr ', '<calcPr fullCalcOnLoad="1" ')
          : source;
      return append.call(this, part, data);
    };
    try {
      await addWorkbook();
    } finally {
      writer.zip.append = append;
    }
  };
}
