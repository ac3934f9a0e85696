/**
 * What every importer (spreadsheet, Word, QTI) produces: whole questions, checked by the same
 * rules as the editor's, or every problem of the file — a file with one problem imports nothing.
 */
import {
  isNumericAnswer,
  isQuestionType,
  PARAMETERIZED_TYPES,
  questionIssues,
  QUESTION_TYPES,
  readinessIssues,
  type OptionDraft,
  type QuestionDraft,
  type QuestionType,
} from '../domain/question-rules';

export interface ImportedQuestion extends QuestionDraft {
  solution: string | null;
  tags: string[];
}

/** Where a problem is: a spreadsheet row, a Word block (its question's number) or a package item. */
export interface ImportProblem {
  row?: number;
  block?: number;
  item?: string;
  field: string;
  reason: string;
}

export type ImportResult =
  { ok: true; questions: ImportedQuestion[] } | { ok: false; problems: ImportProblem[] };

/** Questions one file may hold. */
export const MAX_IMPORTED_QUESTIONS = 1000;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/** A problem's place and text in one line: 'row 4, answer: …'. */
export function describeProblem(problem: ImportProblem): string {
  const where =
    problem.row !== undefined
      ? `row ${problem.row}`
      : problem.block !== undefined
        ? `question ${problem.block}`
        : problem.item !== undefined
          ? `item ${problem.item}`
          : 'file';
  return `${where}, ${problem.field}: ${problem.reason}`;
}

/** The type written in a file: `multiple_choices`, `Multiple choice`, `true-false`, `TF`… */
export function readType(text: string): QuestionType | undefined {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s/-]+/g, '_');
  const aliases: Record<string, QuestionType> = {
    multiple_choice: 'multiple_choices',
    mc: 'multiple_choices',
    multiple_answer: 'multiple_answers',
    ma: 'multiple_answers',
    truefalse: 'true_false',
    tf: 'true_false',
    true_or_false: 'true_false',
    short_answer: 'exact',
    numerical: 'exact',
  };
  if (isQuestionType(key)) return key;
  return aliases[key];
}

export const TYPE_NAMES = QUESTION_TYPES.filter((type) => !PARAMETERIZED_TYPES.includes(type));

/** Plain text (a spreadsheet cell) as the HTML the editor keeps: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '<br>');
}

/** Tags written as `a, b; c`: trimmed, without duplicates. */
export function readTags(text: string): { tags: string[]; problem?: string } {
  const tags = [
    ...new Set(
      text
        .split(/[,;]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > MAX_TAGS) return { tags, problem: `at most ${MAX_TAGS} tags` };
  const long = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long) return { tags, problem: `tag '${long}' is longer than ${MAX_TAG_LENGTH} characters` };
  return { tags };
}

/** What an importer read of one question, before the rules. */
export interface QuestionSource {
  type: QuestionType;
  question: string;
  /** Choice options in order, with whether each is correct. */
  options: Array<{ text: string; correct: boolean }>;
  /** Accepted answers of an exact question. */
  exactAnswers: string[];
  tolerance: number;
  decimalPlace: number;
  weight: number;
  tags: string[];
  solution: string | null;
}

/** Field names of the rules' paths as a file names them. */
const FIELD_OF_PATH: Array<[RegExp, string]> = [
  [/^answers\/\d+\/exact_answer$/, 'answer'],
  [/^answers\/\d+\/tolerance$/, 'tolerance'],
  [/^answers\/\d+\/decimal_place$/, 'decimal_place'],
  [/^answers\/\d+\/point$/, 'answer'],
  [/^answers\/(\d+)\/answer$/, 'option'],
  [/^answers$/, 'answer'],
];

/**
 * The question the source describes, or the problems the editor's rules find in it (each with the
 * field as the file names it). Correct options get point 1 (their share of the weight), others 0.
 */
export function buildQuestion(
  source: QuestionSource,
  fieldName: (field: string, optionIndex?: number) => string = (field) => field,
): { question: ImportedQuestion } | { problems: Array<{ field: string; reason: string }> } {
  const answers: OptionDraft[] =
    source.type === 'exact'
      ? source.exactAnswers.map((exact) => ({
          answer: null,
          point: 1,
          exact_answer: exact,
          tolerance: isNumericAnswer(exact) ? source.tolerance : 0,
          decimal_place: source.decimalPlace,
          formula: null,
        }))
      : source.options.map((option) => ({
          answer: option.text,
          point: option.correct ? 1 : 0,
          exact_answer: null,
          tolerance: 0,
          decimal_place: 0,
          formula: null,
        }));
  const question: ImportedQuestion = {
    questions_type: source.type,
    question: source.question,
    weight: source.weight,
    data_set_id: null,
    answers,
    solution: source.solution,
    tags: source.tags,
  };
  const issues = [...questionIssues(question), ...readinessIssues(question)];
  if (!issues.length) return { question };
  return {
    problems: issues.map((issue) => {
      const option = /^answers\/(\d+)\//.exec(issue.path);
      const mapped = FIELD_OF_PATH.find(([pattern]) => pattern.test(issue.path))?.[1] ?? issue.path;
      return {
        field: fieldName(mapped, option ? Number(option[1]) : undefined),
        reason: issue.detail,
      };
    }),
  };
}
