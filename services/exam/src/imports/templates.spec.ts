import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSpreadsheet } from './spreadsheet';
import { buildSpreadsheetTemplate, buildWordTemplate, TEMPLATE_FILES } from './templates';
import { parseWord } from './word';

const shipped = (file: string) => readFileSync(join(__dirname, '../../templates', file));

describe('shipped import templates', () => {
  it('import cleanly as shipped and hold what the builders write (npm run exam:templates)', async () => {
    const spreadsheet = await parseSpreadsheet(shipped(TEMPLATE_FILES.xlsx.file));
    const word = await parseWord(shipped(TEMPLATE_FILES.docx.file));
    expect(spreadsheet.ok && spreadsheet.questions.length).toBe(6);
    expect(word.ok && word.questions.length).toBe(5);
    expect(spreadsheet).toEqual(await parseSpreadsheet(await buildSpreadsheetTemplate()));
    expect(word).toEqual(await parseWord(await buildWordTemplate()));
  });
});
