/**
 * The rows of an uploaded users file, read as a stream: an .xlsx through exceljs's streaming
 * reader (its first sheet), a .csv through fast-csv (`,` or `;` separated, as the first line
 * shows; a UTF-8 byte-order mark is dropped). Neither holds the file itself in memory: each row
 * is handed on as the texts of its cells and then let go.
 */
import type { Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { cellText } from '@lms/storage';

export type SheetFormat = 'xlsx' | 'csv';

/** One row of the sheet: its number as the spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** The file is no workbook or CSV the reader understands. */
export class UnreadableSheetError extends Error {}

async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      if (sheets++ > 0) {
        // only the first sheet holds users; the others are read past, not kept
        for await (const row of sheet) void row;
        continue;
      }
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        // exceljs numbers cells from 1: values[0] is always empty
        yield { row: row.number, cells: Array.from(values.slice(1), (value) => cellText(value).trim()) };
      }
    }
  } catch (error) {
    throw new UnreadableSheetError(
      `the file is not an Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (sheets === 0) throw new UnreadableSheetError('the workbook has no sheet');
}

/** The first chunk of the stream, left in it (`unshift`); null for an empty stream. */
function peek(input: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const settle = (chunk: Buffer | null, error?: unknown) => {
      input.off('readable', onReadable);
      input.off('end', onEnd);
      input.off('error', onError);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else {
        if (chunk) input.unshift(chunk);
        resolve(chunk);
      }
    };
    const onReadable = () => {
      const chunk = input.read() as Buffer | null;
      if (chunk !== null) settle(chunk);
    };
    const onEnd = () => settle(null);
    const onError = (error: unknown) => settle(null, error);
    input.on('readable', onReadable);
    input.once('end', onEnd);
    input.once('error', onError);
  });
}

/** `;` when the first line has more of them than commas (spreadsheets set to a comma decimal). */
async function csvDelimiter(input: Readable): Promise<string> {
  const firstLine = ((await peek(input))?.toString('utf8') ?? '').split('\n')[0];
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function* csvRows(input: Readable): AsyncGenerator<SheetRow> {
  const delimiter = await csvDelimiter(input);
  const parser = input.pipe(parseCsv({ delimiter, trim: true, ignoreEmpty: false }));
  let row = 0;
  try {
    for await (const record of parser) {
      const cells = (record as string[]).map((cell) => cell.trim());
      if (++row === 1 && cells.length > 0) cells[0] = cells[0].replace(/^\uFEFF/, '');
      yield { row, cells };
    }
  } catch (error) {
    throw new UnreadableSheetError(
      `the file is not a CSV file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Every row of the file, in order, empty ones included (the caller skips them). */
export function sheetRows(format: SheetFormat, input: Readable): AsyncGenerator<SheetRow> {
  return format === 'xlsx' ? xlsxRows(input) : csvRows(input);
}
