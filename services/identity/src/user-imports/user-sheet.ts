/**
 * The rows of an uploaded users file: an .xlsx read whole through `loadWorkbook` (its first
 * sheet; the upload limit and the unpacked-size limit bound it — exceljs's streaming reader loses
 * the workbook part now and then, see libs/storage), a .csv streamed through fast-csv (`,` or `;`
 * separated, as the first line shows; a UTF-8 byte-order mark is dropped). Each row is handed on
 * as the texts of its cells.
 */
import type { Readable } from 'node:stream';
import { parse as parseCsv } from '@fast-csv/parse';
import ExcelJS from 'exceljs';
import { cellText, loadWorkbook, UnreadableWorkbookError } from '@lms/storage';

export type SheetFormat = 'xlsx' | 'csv';

/** One row of the sheet: its number as the spreadsheet shows it (the header is row 1) and its cells. */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** The file is no workbook or CSV the reader understands. */
export class UnreadableSheetError extends Error {}

/** An .xlsx users file unpacks to at most this much (50 000 users take about 20 MB). */
const MAX_INFLATED_XLSX_BYTES = 96 * 1024 * 1024;

async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadWorkbook(Buffer.concat(chunks), MAX_INFLATED_XLSX_BYTES);
  } catch (error) {
    if (error instanceof UnreadableWorkbookError) throw new UnreadableSheetError(error.message);
    throw error;
  }
  // only the first sheet holds users
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableSheetError('the workbook has no sheet');
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    const values = sheet.getRow(number).values as ExcelJS.CellValue[];
    // exceljs numbers cells from 1: values[0] is always empty
    yield { row: number, cells: Array.from(values.slice(1), (value) => cellText(value).trim()) };
  }
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
