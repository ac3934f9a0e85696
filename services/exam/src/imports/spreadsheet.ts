/**
 * Questions from a spreadsheet (.xlsx, read with exceljs): one question per row of the sheet
 * 'Questions' (or the first sheet), columns found by their header in row 1 in any order:
 *
 * | type | question | option_a … option_z | answer | weight | tolerance | decimal_place | tags | solution |
 *
 * `answer` names the correct option letters for choice types (`B`, `A, C`), TRUE or FALSE for
 * true_false, the accepted answer(s) of an exact question (several separated by `;`), nothing
 * for an essay. Empty rows are skipped. Every problem of every row is reported with its row
 * number as the spreadsheet shows it.
 */
import ExcelJS from 'exceljs';
import { cellText, loadWorkbook, UnreadableWorkbookError } from '@lms/storage';
import {
  buildQuestion,
  MAX_IMPORTED_QUESTIONS,
  readTags,
  readType,
  textToHtml,
  TYPE_NAMES,
  type ImportedQuestion,
  type ImportProblem,
  type ImportResult,
} from './imported-question';

export const SHEET_NAME = 'Questions';
export const COLUMNS = [
  'type',
  'question',
  'answer',
  'weight',
  'tolerance',
  'decimal_place',
  'tags',
  'solution',
] as const;
const OPTION_HEADER = /^option[ _]?([a-z])$/i;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A questions workbook unpacks to at most this much (thousands of questions take a few MB). */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

function readDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Reads every question of the workbook, or every problem in it. */
export async function parseSpreadsheet(content: Buffer): Promise<ImportResult> {
  let workbook: ExcelJS.Workbook;
  try {
    workbook = await loadWorkbook(content, MAX_INFLATED_BYTES);
  } catch (error) {
    if (!(error instanceof UnreadableWorkbookError)) throw error;
    return { ok: false, problems: [{ field: 'file', reason: error.message }] };
  }
  const sheet = workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0];
  if (!sheet) return { ok: false, problems: [{ field: 'file', reason: 'the workbook has no sheet' }] };

  const problems: ImportProblem[] = [];
  const header = new Map<string, number>();
  const options: Array<{ letter: string; column: number }> = [];
  sheet.getRow(1).eachCell((cell, column) => {
    const name = cellText(cell.value).trim().toLowerCase().replace(/\s+/g, '_');
    if (!name) return;
    const option = OPTION_HEADER.exec(name);
    if (option) options.push({ letter: option[1].toUpperCase(), column });
    else if ((COLUMNS as readonly string[]).includes(name)) header.set(name, column);
    else
      problems.push({
        row: 1,
        field: name,
        reason: `unknown column (the columns are ${COLUMNS.join(', ')}, option_a…option_z)`,
      });
  });
  for (const required of ['type', 'question'] as const)
    if (!header.has(required)) problems.push({ row: 1, field: required, reason: 'the column is missing' });
  options.sort((a, b) => a.letter.localeCompare(b.letter));
  if (problems.length) return { ok: false, problems };

  const questions: ImportedQuestion[] = [];
  const lastRow = sheet.actualRowCount ? sheet.rowCount : 1;
  let filledRows = 0;
  for (let rowNumber = 2; rowNumber <= lastRow; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    const read = (name: string) => {
      const column = header.get(name);
      return column ? cellText(row.getCell(column).value).trim() : '';
    };
    const optionTexts = options.map((option) => ({
      letter: option.letter,
      text: cellText(row.getCell(option.column).value).trim(),
    }));
    if (![...COLUMNS].some((name) => read(name)) && !optionTexts.some((option) => option.text)) continue;
    if (++filledRows > MAX_IMPORTED_QUESTIONS)
      return {
        ok: false,
        problems: [{ field: 'file', reason: `a file holds at most ${MAX_IMPORTED_QUESTIONS} questions` }],
      };

    const rowProblems: ImportProblem[] = [];
    const problem = (field: string, reason: string) => rowProblems.push({ row: rowNumber, field, reason });
    const type = readType(read('type'));
    if (!read('type')) problem('type', `the type is empty (one of ${TYPE_NAMES.join(', ')})`);
    else if (!type) problem('type', `'${read('type')}' is not a type (one of ${TYPE_NAMES.join(', ')})`);
    else if (type === 'parameterized' || type === 'parameterized_multiple_choices')
      problem('type', `${type} questions need a dataset: write them in the exam editor`);

    const number = (name: string, fallback: number, check: (value: number) => string | undefined) => {
      const text = read(name);
      if (!text) return fallback;
      const value = readDecimal(text);
      if (value === undefined) {
        problem(name, `'${text}' is not a number`);
        return fallback;
      }
      const wrong = check(value);
      if (wrong) problem(name, wrong);
      return value;
    };
    const weight = number('weight', 1, (value) => (value > 0 ? undefined : 'the weight must be above 0'));
    const tolerance = number('tolerance', 0, (value) =>
      value >= 0 ? undefined : 'the tolerance must be 0 or more',
    );
    const decimalPlace = number('decimal_place', 0, (value) =>
      Number.isInteger(value) && value >= 0 && value <= 10
        ? undefined
        : 'decimal_place must be a whole number from 0 to 10',
    );
    const tags = readTags(read('tags'));
    if (tags.problem) problem('tags', tags.problem);

    // options up to the last one filled; a gap before it is a problem
    const lastFilled = optionTexts.map((option) => Boolean(option.text)).lastIndexOf(true);
    const used = optionTexts.slice(0, lastFilled + 1);
    for (const option of used)
      if (!option.text)
        problem(`option_${option.letter.toLowerCase()}`, 'the option is empty but a later one is filled');

    const answer = read('answer');
    const correct = new Set<string>();
    const exactAnswers: string[] = [];
    if (type && (type === 'multiple_choices' || type === 'multiple_answers')) {
      if (!answer) problem('answer', 'name the correct option letter(s), e.g. B or A, C');
      for (const part of answer.split(/[,;\s]+/).filter(Boolean)) {
        const letter = /^\d+$/.test(part) ? LETTERS[Number(part) - 1] : part.toUpperCase();
        if (!letter || !used.some((option) => option.letter === letter && option.text))
          problem(
            'answer',
            `'${part}' is not one of the filled options (${used.map((o) => o.letter).join(', ') || 'none'})`,
          );
        else correct.add(letter);
      }
      if (type === 'multiple_choices' && correct.size > 1)
        problem(
          'answer',
          'a multiple_choices question has one correct option: use multiple_answers for several',
        );
    } else if (type === 'true_false') {
      const value = answer.toUpperCase();
      if (value !== 'TRUE' && value !== 'FALSE') problem('answer', 'write TRUE or FALSE');
      if (used.some((option) => option.text))
        problem('option_a', 'a true_false question has no options: its options are True and False');
    } else if (type === 'exact') {
      exactAnswers.push(
        ...answer
          .split(';')
          .map((part) => part.trim())
          .filter(Boolean),
      );
      if (!exactAnswers.length) problem('answer', 'write the accepted answer');
      if (used.some((option) => option.text))
        problem('option_a', 'an exact question has no options: write the accepted answer(s) in answer');
    } else if (type === 'essay') {
      if (answer)
        problem(
          'answer',
          'an essay question has no answer: it is graded by hand (write a model answer in solution)',
        );
      if (used.some((option) => option.text)) problem('option_a', 'an essay question has no options');
    }
    if (type && !rowProblems.length) {
      const built = buildQuestion(
        {
          type,
          question: textToHtml(read('question')),
          options:
            type === 'true_false'
              ? [
                  { text: 'True', correct: answer.toUpperCase() === 'TRUE' },
                  { text: 'False', correct: answer.toUpperCase() === 'FALSE' },
                ]
              : used.map((option) => ({
                  text: textToHtml(option.text),
                  correct: correct.has(option.letter),
                })),
          exactAnswers,
          tolerance,
          decimalPlace,
          weight,
          tags: tags.tags,
          solution: read('solution') ? textToHtml(read('solution')) : null,
        },
        (field, optionIndex) =>
          field === 'option' && optionIndex !== undefined
            ? `option_${used[optionIndex]?.letter.toLowerCase()}`
            : field,
      );
      if ('question' in built) questions.push(built.question);
      else for (const found of built.problems) problem(found.field, found.reason);
    }
    problems.push(...rowProblems);
  }
  if (problems.length) return { ok: false, problems };
  if (!questions.length)
    return {
      ok: false,
      problems: [{ field: 'file', reason: 'the sheet holds no question below its header row' }],
    };
  return { ok: true, questions };
}
