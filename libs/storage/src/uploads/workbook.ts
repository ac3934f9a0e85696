/**
 * An uploaded Excel workbook, read whole with exceljs — after its zip directory has said how large
 * it unpacks, so that a small file that inflates to gigabytes (a zip bomb) is refused before
 * exceljs builds anything from it.
 *
 * Whole, not streamed: exceljs's streaming reader (`stream.xlsx.WorkbookReader`) loses the
 * workbook part now and then when it comes last in the archive, as exceljs writes it (exceljs
 * issue 3064: "Cannot read properties of undefined (reading 'sheets')"); the import files are
 * bounded by their upload limit, and what they unpack to by `maxInflatedBytes`.
 */
import ExcelJS from 'exceljs';
import { formatBytes } from './file-uploads';

/** The file is no workbook exceljs can read, or it unpacks to more than the limit. */
export class UnreadableWorkbookError extends Error {}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const ENTRY_HEADER_BYTES = 46;

/** The sum of the uncompressed sizes the zip's central directory declares, or why it has none. */
export function inflatedBytes(zip: Buffer): number {
  // the end-of-directory record closes the file, followed by a comment of at most 65 535 bytes
  const earliest = Math.max(0, zip.length - END_RECORD_BYTES - 0xffff);
  let end = -1;
  for (let at = zip.length - END_RECORD_BYTES; at >= earliest; at -= 1)
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) throw new UnreadableWorkbookError('the file is not an Excel workbook (.xlsx)');
  const entries = zip.readUInt16LE(end + 10);
  const directoryOffset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff)
    throw new UnreadableWorkbookError('the workbook is too large to import (a ZIP64 archive)');
  let total = 0;
  let at = directoryOffset;
  for (let entry = 0; entry < entries; entry += 1) {
    if (at + ENTRY_HEADER_BYTES > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw new UnreadableWorkbookError(
        'the file is not an Excel workbook (.xlsx): its zip directory is damaged',
      );
    total += zip.readUInt32LE(at + 24);
    at +=
      ENTRY_HEADER_BYTES + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/** The workbook of an uploaded .xlsx, refused (with the reason) when it is none or unpacks too large. */
export async function loadWorkbook(content: Buffer, maxInflatedBytes: number): Promise<ExcelJS.Workbook> {
  const inflated = inflatedBytes(content);
  if (inflated > maxInflatedBytes)
    throw new UnreadableWorkbookError(
      `the workbook unpacks to ${formatBytes(inflated)}, more than the ${formatBytes(maxInflatedBytes)} an import reads`,
    );
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch (error) {
    throw new UnreadableWorkbookError(
      `the file is not an Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return workbook;
}
