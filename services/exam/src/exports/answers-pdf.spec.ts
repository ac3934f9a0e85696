import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { type AnswerSheet, writeAnswersPdf } from './answers-pdf';

async function pdfOf(sheets: AnswerSheet[]): Promise<{ text: string; pages: string[] }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeAnswersPdf(
    { exam: { name: 'Midterm – Algorithms', course: 'IF101' }, generatedAt: '2026-11-24 10:00:00', sheets },
    out,
  );
  const bytes = Buffer.concat(chunks);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const pages = await textOf(bytes);
  return { text: pages.join('\n'), pages };
}

/**
 * The text of each page as a PDF reader finds it (pdf-parse, on pdf.js). Read in a separate Node
 * process: pdf.js loads its worker with a dynamic import, which Jest's CommonJS runtime refuses.
 */
async function textOf(pdf: Buffer): Promise<string[]> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const chunks = [];
    process.stdin.on('data', (chunk) => chunks.push(chunk));
    process.stdin.on('end', async () => {
      const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
      const result = await parser.getText();
      await parser.destroy();
      process.stdout.write(JSON.stringify(result.pages.map((page) => page.text)));
    });`;
  const child = promisify(execFile)(process.execPath, ['-e', script], { cwd: __dirname });
  child.child.stdin!.end(pdf);
  const { stdout } = await child;
  return JSON.parse(stdout) as string[];
}

const sheet = (overrides: Partial<AnswerSheet>): AnswerSheet => ({
  student: { username: '2201', name: 'Ana Lestari', className: 'IF101-A' },
  attempt: 1,
  package: 1,
  status: 'finished',
  startedAt: '2026-11-24 08:00:00',
  finishedAt: '2026-11-24 08:40:00',
  score: 62.5,
  passed: true,
  questions: [],
  ...overrides,
});

describe('writeAnswersPdf', () => {
  it('shows each attempt from its own page: the student, the questions, the answers and the scores', async () => {
    const { text, pages } = await pdfOf([
      sheet({
        questions: [
          {
            index: 1,
            type: 'multiple_choices',
            text: '<p>Which loop runs <strong>at least once</strong>?</p>',
            weight: 2,
            score: 100,
            options: [
              { index: 1, text: '<p>for</p>', chosen: false, correct: false },
              { index: 2, text: '<p>do … while</p>', chosen: true, correct: true },
            ],
            answer: null,
            expected: null,
          },
          {
            index: 2,
            type: 'essay',
            text: '<p>Explain <span data-type="inline-math" data-latex="O(n \\log n)"></span>.</p>',
            weight: 5,
            score: null,
            options: [],
            answer: '<p>Merge sort splits the list in halves.</p>',
            expected: null,
          },
          {
            index: 3,
            type: 'parameterized',
            text: '<p>Compute 3 × 4.5</p>',
            weight: 1,
            score: 0,
            options: [],
            answer: '13',
            expected: '13.5 ± 0.1',
          },
        ],
      }),
      sheet({
        student: { username: '2202', name: 'Budi Santoso', className: null },
        score: null,
        passed: null,
      }),
    ]);

    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Midterm – Algorithms');
    expect(pages[0]).toContain('Ana Lestari (2201) · IF101-A');
    expect(pages[0]).toContain('Score: 62.5 of 100 · passed');
    expect(pages[0]).toContain('1. multiple choice, weight 2 — 100 of 100');
    expect(pages[0]).toContain('Which loop runs at least once?');
    expect(pages[0]).toMatch(/☒ B\. do … while\s+✓ correct/);
    expect(pages[0]).toContain('☐ A. for');
    expect(pages[0]).toContain('2. essay, weight 5 — not graded');
    expect(pages[0]).toContain('Explain $O(n \\log n)$.');
    expect(pages[0]).toContain('Answer: Merge sort splits the list in halves.');
    expect(pages[0]).toContain('Answer: 13');
    expect(pages[0]).toContain('Expected: 13.5 ± 0.1');
    expect(pages[1]).toContain('Budi Santoso (2202)');
    expect(pages[1]).toContain('Score: not graded yet');
    expect(text).not.toContain('<p>');
  });

  it('says so when nobody started the exam', async () => {
    const { pages } = await pdfOf([]);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('No student has started this exam.');
  });
});
