import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A question of the exam, as a column of per-question scores. */
export interface ResultsQuestion {
  id: number;
  /** The column's heading, e.g. `P1 Q3` (package 1, third question). */
  label: string;
  /** Its weight: the most it scores. */
  weight: number;
}

/** One attempt of a student, as the export shows it. */
export interface AttemptResult {
  attempt: number;
  package: number;
  status: 'started' | 'finished' | 'stopped';
  /** Wire dates (`YYYY-MM-DD HH:mm:ss`, the campus's time zone), or null. */
  startedAt: string | null;
  finishedAt: string | null;
  score: number | null;
  passed: boolean | null;
  /** Score (0–100) of each question the attempt had, by question id (null: not graded yet). */
  questionScores: ReadonlyMap<number, number | null>;
}

/** One student of the exam with their attempts (none when they never started). */
export interface StudentResult {
  username: string;
  name: string;
  className: string | null;
  attempts: readonly AttemptResult[];
  /** The exam's final score for the student (`final_score_type` across attempts), or null. */
  finalScore: number | null;
  passed: boolean | null;
  /** The attempt whose per-question scores the student's row shows (highest/latest), or null. */
  shown: AttemptResult | null;
}

export interface ResultsWorkbook {
  exam: { name: string; course: string; passingGrade: number; finalScoreType: string };
  /** When it was made (wire date). */
  generatedAt: string;
  questions: readonly ResultsQuestion[];
  students: Iterable<StudentResult> | AsyncIterable<StudentResult>;
}

const STATUS_LABEL: Record<AttemptResult['status'], string> = {
  started: 'in progress',
  finished: 'finished',
  stopped: 'stopped',
};

const passLabel = (passed: boolean | null) => (passed === null ? '' : passed ? 'passed' : 'not passed');
const HEADER_FONT = { bold: true };

/**
 * Writes the results of an exam as an .xlsx to `out`, streamed (exceljs's WorkbookWriter: each row
 * is committed as it is written, the workbook is never whole in memory). Sheet "Results": one row
 * per student — attempts, final score, pass, and the per-question scores of the attempt that
 * counts; sheet "Attempts": one row per attempt with its per-question scores. Cells of questions
 * an attempt did not have (another package) stay empty.
 */
export async function writeResultsWorkbook(input: ResultsWorkbook, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'LMS';
  const questionHeads = input.questions.map((q) => `${q.label} (weight ${q.weight})`);
  const scoresOf = (attempt: AttemptResult | null) =>
    input.questions.map((q) => {
      const score = attempt?.questionScores.get(q.id);
      return score === undefined || score === null ? null : score;
    });

  const results = workbook.addWorksheet('Results', { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  results.columns = [
    { header: 'Student number', width: 18 },
    { header: 'Name', width: 30 },
    { header: 'Class', width: 14 },
    { header: 'Attempts', width: 10 },
    { header: `Final score (${input.exam.finalScoreType})`, width: 18 },
    { header: `Result (pass ≥ ${input.exam.passingGrade})`, width: 18 },
    ...questionHeads.map((header) => ({ header, width: Math.max(10, header.length + 2) })),
  ];
  results.getRow(1).font = HEADER_FONT;
  results.getRow(1).commit();

  const attempts: Array<[StudentResult, AttemptResult]> = [];
  for await (const student of input.students) {
    results
      .addRow([
        student.username,
        student.name,
        student.className ?? '',
        student.attempts.length,
        student.finalScore,
        passLabel(student.passed),
        ...scoresOf(student.shown),
      ])
      .commit();
    for (const attempt of student.attempts) attempts.push([student, attempt]);
  }
  results.commit();

  const sheet = workbook.addWorksheet('Attempts', { views: [{ state: 'frozen', ySplit: 1, xSplit: 3 }] });
  sheet.columns = [
    { header: 'Student number', width: 18 },
    { header: 'Name', width: 30 },
    { header: 'Attempt', width: 9 },
    { header: 'Package', width: 9 },
    { header: 'Status', width: 12 },
    { header: 'Started', width: 20 },
    { header: 'Finished', width: 20 },
    { header: 'Score', width: 10 },
    { header: 'Result', width: 12 },
    ...questionHeads.map((header) => ({ header, width: Math.max(10, header.length + 2) })),
  ];
  sheet.getRow(1).font = HEADER_FONT;
  sheet.getRow(1).commit();
  for (const [student, attempt] of attempts) {
    sheet
      .addRow([
        student.username,
        student.name,
        attempt.attempt,
        attempt.package,
        STATUS_LABEL[attempt.status],
        attempt.startedAt ?? '',
        attempt.finishedAt ?? '',
        attempt.score,
        passLabel(attempt.passed),
        ...scoresOf(attempt),
      ])
      .commit();
  }
  sheet.commit();

  const about = workbook.addWorksheet('Exam');
  about.addRow(['Exam', input.exam.name]).commit();
  about.addRow(['Course', input.exam.course]).commit();
  about.addRow(['Passing grade', input.exam.passingGrade]).commit();
  about.addRow(['Final score', input.exam.finalScoreType]).commit();
  about.addRow(['Generated', input.generatedAt]).commit();
  about.commit();
  await workbook.commit();
}
