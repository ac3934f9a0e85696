import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { inflatedBytes, loadWorkbook, UnreadableWorkbookError } from './workbook';

async function workbookOf(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The unpacked sizes of a zip's entries, by inflating each (a check of the directory's sums). */
function inflatedByReading(zip: Buffer): number {
  let total = 0;
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50;) {
    const method = zip.readUInt16LE(at + 8);
    const compressed = zip.readUInt32LE(at + 18);
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + compressed);
    total += method === 8 ? inflateRawSync(data).length : data.length;
    at = start + compressed;
  }
  return total;
}

describe('loadWorkbook', () => {
  it('reads the central directory: the unpacked size is what inflating every entry gives', async () => {
    const zip = await workbookOf([
      ['username', 'name'],
      ...Array.from({ length: 500 }, (_, i) => [`u${i}`, 'Ayu']),
    ]);
    // exceljs writes sizes in the local headers too (no data descriptors), so both readings meet
    expect(inflatedBytes(zip)).toBe(inflatedByReading(zip));
    expect(inflatedBytes(zip)).toBeGreaterThan(zip.length);
  });

  it('reads the same workbook every time (the streaming reader lost its workbook part now and then)', async () => {
    const zip = await workbookOf([['username'], ['ayu'], ['dimas']]);
    for (let round = 0; round < 20; round += 1) {
      const workbook = await loadWorkbook(zip, 1024 * 1024);
      expect(workbook.worksheets[0].getRow(3).getCell(1).value).toBe('dimas');
    }
  });

  it('refuses a workbook that unpacks to more than the limit, before reading it', async () => {
    const zip = await workbookOf(Array.from({ length: 2000 }, () => ['x'.repeat(50)]));
    const load = loadWorkbook(zip, 64 * 1024);
    await expect(load).rejects.toBeInstanceOf(UnreadableWorkbookError);
    await expect(load).rejects.toThrow(
      /^the workbook unpacks to \d+(\.\d)? KB, more than the 64 KB an import reads$/,
    );
  });

  it('refuses what is no zip, or a zip whose directory is damaged, with the reason', async () => {
    await expect(loadWorkbook(Buffer.from('username,name\nayu,Ayu\n'), 1024)).rejects.toThrow(
      'the file is not an Excel workbook (.xlsx)',
    );
    const zip = await workbookOf([['username']]);
    const damaged = Buffer.from(zip);
    const end = damaged.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    damaged.writeUInt32LE(damaged.readUInt32LE(end + 16) + 3, end + 16);
    await expect(loadWorkbook(damaged, 1024 * 1024)).rejects.toThrow('its zip directory is damaged');
  });
});
