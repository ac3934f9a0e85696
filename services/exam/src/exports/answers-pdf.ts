import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { plainTextOf } from '@lms/richtext';
import type { QuestionType } from '../domain/question-rules';

/** One option of a choice question: what it says, whether the student chose it, whether it is correct. */
export interface AnswerOption {
  index: number;
  /** Rich text (HTML), shown as plain text. */
  text: string;
  chosen: boolean;
  correct: boolean;
}

/** A question of an attempt with the student's answer and its score. */
export interface AnsweredQuestion {
  /** Its place in the student's order (1-based). */
  index: number;
  type: QuestionType;
  /** Rich text (HTML) with the dataset's values bound, shown as plain text. */
  text: string;
  weight: number;
  /** 0–100 (the share of the question's credit); null: not graded yet. */
  score: number | null;
  /** Choice types: every option in order; other types: none. */
  options: readonly AnswerOption[];
  /** Essay: rich text; exact and parameterized: the value as typed; null when unanswered. */
  answer: string | null;
  /** Exact and parameterized: the expected value (with its tolerance); otherwise null. */
  expected: string | null;
}

/** The answers of one attempt. */
export interface AnswerSheet {
  student: { username: string; name: string; className: string | null };
  attempt: number;
  package: number;
  status: 'started' | 'finished' | 'stopped';
  /** Wire dates, or null. */
  startedAt: string | null;
  finishedAt: string | null;
  score: number | null;
  passed: boolean | null;
  questions: readonly AnsweredQuestion[];
}

export interface AnswersDocument {
  exam: { name: string; course: string };
  /** When it was made (wire date). */
  generatedAt: string;
  sheets: Iterable<AnswerSheet> | AsyncIterable<AnswerSheet>;
}

/** DejaVu Sans (Unicode: accents, Greek, maths symbols), shipped by the dejavu-fonts-ttf package. */
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};

const TYPE_LABEL: Record<QuestionType, string> = {
  multiple_choices: 'multiple choice',
  multiple_answers: 'multiple answers',
  true_false: 'true/false',
  essay: 'essay',
  exact: 'exact answer',
  parameterized: 'calculated',
  parameterized_multiple_choices: 'calculated multiple choice',
};

const STATUS_LABEL: Record<AnswerSheet['status'], string> = {
  started: 'in progress',
  finished: 'finished',
  stopped: 'stopped',
};

const number = (value: number) => String(Math.round(value * 100) / 100);
const letter = (index: number) =>
  index >= 1 && index <= 26 ? String.fromCharCode(64 + index) : String(index);

/**
 * Writes the answers of attempts as a PDF to `out`: each attempt from a new page — the student,
 * the attempt, its score and result — then every question in the student's order with its text,
 * the options (the chosen ones marked, the correct ones named), the student's answer, the expected
 * value and the score. Rich text is reduced to readable text (formulas as LaTeX). Pages are
 * written out as they fill (nothing buffered beyond the current page).
 */
export async function writeAnswersPdf(input: AnswersDocument, out: Writable): Promise<void> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    autoFirstPage: false,
    info: { Title: `${input.exam.name}: answers`, Creator: 'LMS' },
  });
  const done = finished(out);
  doc.pipe(out);
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  let sheets = 0;
  for await (const sheet of input.sheets) {
    sheets += 1;
    doc.addPage();
    writeSheet(doc, input, sheet);
  }
  if (sheets === 0) {
    doc.addPage();
    doc.font('bold').fontSize(16).text(input.exam.name);
    doc.font('regular').fontSize(10).text(input.exam.course).moveDown();
    doc.fontSize(11).text('No student has started this exam.');
  }
  doc.end();
  await done;
}

function writeSheet(doc: PDFKit.PDFDocument, input: AnswersDocument, sheet: AnswerSheet): void {
  const { student } = sheet;
  doc.font('bold').fontSize(16).text(input.exam.name);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#444')
    .text(`${input.exam.course} · generated ${input.generatedAt}`);
  doc.fillColor('black').moveDown(0.5);
  doc
    .font('bold')
    .fontSize(12)
    .text(`${student.name} (${student.username})${student.className ? ` · ${student.className}` : ''}`);
  doc
    .font('regular')
    .fontSize(10)
    .text(
      [
        `Attempt ${sheet.attempt}, package ${sheet.package}, ${STATUS_LABEL[sheet.status]}`,
        `started ${sheet.startedAt ?? '—'}`,
        `finished ${sheet.finishedAt ?? '—'}`,
      ].join(' · '),
    );
  const result = sheet.passed === null ? '' : sheet.passed ? ' · passed' : ' · not passed';
  doc.text(`Score: ${sheet.score === null ? 'not graded yet' : `${number(sheet.score)} of 100`}${result}`);
  doc.moveDown();

  for (const question of sheet.questions) {
    const score = question.score === null ? 'not graded' : `${number(question.score)} of 100`;
    doc
      .font('bold')
      .fontSize(11)
      .text(`${question.index}. ${TYPE_LABEL[question.type]}, weight ${number(question.weight)} — ${score}`);
    doc
      .font('regular')
      .fontSize(10)
      .text(plainTextOf(question.text) || '(no text)');
    if (question.options.length > 0) {
      doc.moveDown(0.25);
      for (const option of question.options) {
        const mark = option.chosen ? '☒' : '☐';
        const correct = option.correct ? '  ✓ correct' : '';
        doc.text(`${mark} ${letter(option.index)}. ${plainTextOf(option.text)}${correct}`, { indent: 12 });
      }
      if (!question.options.some((option) => option.chosen)) doc.text('No option chosen.', { indent: 12 });
    } else {
      doc.moveDown(0.25);
      const answer =
        question.answer === null
          ? ''
          : question.type === 'essay'
            ? plainTextOf(question.answer)
            : question.answer;
      doc
        .font('bold')
        .text('Answer: ', { continued: true })
        .font('regular')
        .text(answer.trim() || '(no answer)');
      if (question.expected !== null)
        doc.font('bold').text('Expected: ', { continued: true }).font('regular').text(question.expected);
    }
    doc.moveDown();
  }
}
