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
 * The course's gradebook as a workbook (docs/gradebook.md "Export"): one sheet per class, a
 * header row with the gradeables' titles, a row with their weights (%), then a row per student —
 * NIM, name, each score as a number (empty when missing), the final score as
 * `=ROUND(SUMPRODUCT(scores, weights)/100, 2)` and the band as nested `IF`s over the course's
 * bands, both formulas carrying the service's own result as their cached value.
 */
export function gradebookWorkbook(book: Gradebook): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'LMS';
  // exceljs stores no cached result of 0 or "": Excel recomputes every formula on opening
  workbook.calcProperties.fullCalcOnLoad = true;
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
    const weights = sheet.addRow([
      '',
      'Weight (%)',
      ...book.columns.map((column) => column.percentage),
      book.weightsTotal,
    ]);
    weights.font = { italic: true };
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
    }
  }
  return workbook;
}
