import ExcelJS from 'exceljs';
import { parseSpreadsheet } from './spreadsheet';
import { buildSpreadsheetTemplate } from './templates';

async function workbook(rows: Array<Array<string | number | boolean | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Questions');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
const HEADER = [
  'type',
  'question',
  'option_a',
  'option_b',
  'option_c',
  'answer',
  'weight',
  'tolerance',
  'decimal_place',
  'tags',
];

describe('spreadsheet import', () => {
  it('reads the template as shipped: one question of every importable type', async () => {
    const result = await parseSpreadsheet(await buildSpreadsheetTemplate());
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions.map((q) => q.questions_type)).toEqual([
      'multiple_choices',
      'multiple_answers',
      'true_false',
      'exact',
      'exact',
      'essay',
    ]);
    const [choice, answers, trueFalse, exact, , essay] = result.questions;
    expect(choice.answers.map((a) => [a.answer, a.point])).toEqual([
      ['Mars', 0],
      ['Jupiter', 1],
      ['Venus', 0],
      ['Earth', 0],
    ]);
    expect(answers.answers.filter((a) => a.point > 0).map((a) => a.answer)).toEqual(['2', '7']);
    expect(answers.tags).toEqual(['mathematics', 'primes']);
    expect(answers.weight).toBe(2);
    expect(trueFalse.answers.map((a) => [a.answer, a.point])).toEqual([
      ['True', 1],
      ['False', 0],
    ]);
    expect(exact.answers).toEqual([
      { answer: null, point: 1, exact_answer: '9.8', tolerance: 0.1, decimal_place: 1, formula: null },
    ]);
    expect(essay.answers).toEqual([]);
    expect(essay.solution).toMatch(/Rayleigh/);
  });

  it('reports every problem of every broken row and imports nothing', async () => {
    const file = await workbook([
      HEADER,
      ['multiple_choices', 'Good one?', 'yes', 'no', null, 'A', 1, null, null, 'x'],
      ['multiple_choices', 'Which?', 'a', 'b', null, 'D', null, null, null, null],
      ['matching', 'Pair them', null, null, null, null, null, null, null, null],
      [],
      ['exact', 'How much?', null, null, null, null, -2, 'lots', null, null],
      ['true_false', 'Sky is green', null, null, null, 'FALSE', null, null, null, null],
    ]);
    const result = await parseSpreadsheet(file);
    expect(result).toEqual({
      ok: false,
      problems: [
        { row: 3, field: 'answer', reason: "'D' is not one of the filled options (A, B)" },
        {
          row: 4,
          field: 'type',
          reason:
            "'matching' is not a type (one of multiple_choices, multiple_answers, true_false, essay, exact)",
        },
        { row: 6, field: 'weight', reason: 'the weight must be above 0' },
        { row: 6, field: 'tolerance', reason: "'lots' is not a number" },
        { row: 6, field: 'answer', reason: 'write the accepted answer' },
      ],
    });
  });

  it('finds columns by their header in any order and reads numbers, booleans and letters', async () => {
    const result = await parseSpreadsheet(
      await workbook([
        ['Question', 'Type', 'Answer', 'Option B', 'Option A'],
        ['Pick one', 'Multiple choice', 2, 'right', 'wrong'],
        ['Is it?', 'TF', true, null, null],
        ['Pi to two places', 'exact', 3.14, null, null],
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions[0].answers.map((a) => [a.answer, a.point])).toEqual([
      ['wrong', 0],
      ['right', 1],
    ]);
    expect(result.questions[1].answers.map((a) => a.point)).toEqual([1, 0]);
    expect(result.questions[2].answers[0].exact_answer).toBe('3.14');
  });

  it('refuses a file that is no workbook, a missing column and an empty sheet', async () => {
    expect(await parseSpreadsheet(Buffer.from('not a zip'))).toEqual({
      ok: false,
      problems: [{ field: 'file', reason: 'the file is not an Excel workbook (.xlsx)' }],
    });
    expect(await parseSpreadsheet(await workbook([['question', 'colour']]))).toEqual({
      ok: false,
      problems: [
        { row: 1, field: 'colour', reason: expect.stringMatching(/^unknown column/) },
        { row: 1, field: 'type', reason: 'the column is missing' },
      ],
    });
    expect(await parseSpreadsheet(await workbook([HEADER]))).toEqual({
      ok: false,
      problems: [{ field: 'file', reason: 'the sheet holds no question below its header row' }],
    });
  });

  it('escapes markup in cells, so a question shows as written', async () => {
    const result = await parseSpreadsheet(
      await workbook([
        ['type', 'question', 'answer'],
        ['essay', 'Is <b>1 < 2</b>?\nExplain.', null],
      ]),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions[0].question).toBe('Is &lt;b&gt;1 &lt; 2&lt;/b&gt;?<br>Explain.');
  });
});
