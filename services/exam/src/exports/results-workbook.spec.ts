import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type AttemptResult, type StudentResult, writeResultsWorkbook } from './results-workbook';

async function workbookOf(students: StudentResult[]): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeResultsWorkbook(
    {
      exam: { name: 'Midterm', course: 'Algorithms', passingGrade: 60, finalScoreType: 'highest' },
      generatedAt: '2026-11-24 10:00:00',
      questions: [
        { id: 11, label: 'Q1', weight: 2 },
        { id: 12, label: 'Q2', weight: 3 },
        { id: 21, label: 'P2 Q1', weight: 5 },
      ],
      students: (async function* () {
        yield* students;
      })(),
    },
    out,
  );
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

const attempt = (overrides: Partial<AttemptResult>): AttemptResult => ({
  attempt: 1,
  package: 1,
  status: 'finished',
  startedAt: '2026-11-24 08:00:00',
  finishedAt: '2026-11-24 09:00:00',
  score: 80,
  passed: true,
  questionScores: new Map([
    [11, 2],
    [12, 1.5],
  ]),
  ...overrides,
});

const values = (row: ExcelJS.Row) => (row.values as ExcelJS.CellValue[]).slice(1);

describe('writeResultsWorkbook', () => {
  it('writes one row per student with attempts, final score, result and the counted attempt’s question scores', async () => {
    const first = attempt({
      attempt: 1,
      score: 40,
      passed: false,
      questionScores: new Map([
        [11, 0],
        [12, 1],
      ]),
    });
    const second = attempt({ attempt: 2 });
    const book = await workbookOf([
      {
        username: '2201',
        name: 'Ana',
        className: 'A',
        attempts: [first, second],
        finalScore: 80,
        passed: true,
        shown: second,
      },
      {
        username: '2202',
        name: 'Budi',
        className: null,
        attempts: [],
        finalScore: null,
        passed: null,
        shown: null,
      },
      {
        username: '2203',
        name: 'Citra',
        className: 'A',
        attempts: [attempt({ package: 2, score: null, passed: null, questionScores: new Map([[21, null]]) })],
        finalScore: null,
        passed: null,
        shown: null,
      },
    ]);

    const results = book.getWorksheet('Results')!;
    expect(values(results.getRow(1))).toEqual([
      'Student number',
      'Name',
      'Class',
      'Attempts',
      'Final score (highest)',
      'Result (pass ≥ 60)',
      'Q1 (weight 2)',
      'Q2 (weight 3)',
      'P2 Q1 (weight 5)',
    ]);
    expect(values(results.getRow(2))).toEqual(['2201', 'Ana', 'A', 2, 80, 'passed', 2, 1.5]);
    expect(values(results.getRow(3))).toEqual(['2202', 'Budi', undefined, 0, undefined, undefined]);
    expect(results.rowCount).toBe(4);

    const attempts = book.getWorksheet('Attempts')!;
    expect(attempts.rowCount).toBe(4);
    expect(values(attempts.getRow(2))).toEqual([
      '2201',
      'Ana',
      1,
      1,
      'finished',
      '2026-11-24 08:00:00',
      '2026-11-24 09:00:00',
      40,
      'not passed',
      0,
      1,
    ]);
    expect(values(attempts.getRow(3)).slice(7)).toEqual([80, 'passed', 2, 1.5]);
    // Citra had package 2: only its question has a cell, empty until graded.
    expect(values(attempts.getRow(4)).slice(0, 4)).toEqual(['2203', 'Citra', 1, 2]);
    expect(attempts.getRow(4).getCell(12).value).toBeNull();

    expect(values(book.getWorksheet('Exam')!.getRow(1))).toEqual(['Exam', 'Midterm']);
  });

  it('writes the headings alone when no student took the exam', async () => {
    const book = await workbookOf([]);
    expect(book.getWorksheet('Results')!.rowCount).toBe(1);
    expect(book.getWorksheet('Attempts')!.rowCount).toBe(1);
  });
});
