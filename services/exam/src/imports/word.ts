/**
 * Questions from a Word document (.docx, read with mammoth into HTML), written the way lecturers
 * already write them (Moodle's Aiken format, extended): one block per question, blocks separated
 * by an empty paragraph.
 *
 *     1. Which planet is the largest?          ← the question (its number is optional)
 *     A. Mars                                  ← options: 'A.' or 'A)' paragraphs, or a Word list
 *     B. Jupiter
 *     ANSWER: B                                ← B | A, C | TRUE | FALSE | 9.81 | Jakarta
 *     TYPE: multiple_choices                   ← optional: told from the options and the answer
 *     WEIGHT: 2   TOLERANCE: 0.1   DECIMAL_PLACE: 1   TAGS: astronomy, planets   SOLUTION: …
 *
 * Without TYPE: options and one letter → multiple_choices, several letters → multiple_answers;
 * no options and TRUE/FALSE → true_false; no options and an answer → exact; neither → essay.
 * Paragraphs starting with // are comments. Bold and italic text is kept. Every problem is reported with the number of its block.
 */
import mammoth from 'mammoth';
import {
  buildQuestion,
  MAX_IMPORTED_QUESTIONS,
  readTags,
  readType,
  TYPE_NAMES,
  type ImportedQuestion,
  type ImportProblem,
  type ImportResult,
} from './imported-question';
import type { QuestionType } from '../domain/question-rules';

type Key = 'type' | 'answer' | 'weight' | 'tolerance' | 'decimal_place' | 'tags' | 'solution';
const KEY_LINE =
  /^(type|answer|weight|tolerance|decimal_place|decimal places|decimals|tags|solution)\s*:\s*(.*)$/i;
const OPTION_LINE = /^([A-Z])[.)]\s+(.*)$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Line {
  kind: 'paragraph' | 'item' | 'break' | 'table';
  html: string;
  text: string;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/&amp;/g, '&');
}

function textOf(html: string): string {
  return decode(html.replace(/<br\s*\/?>/g, '\n').replace(/<[^>]*>/g, ''))
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The element starting at `start` (`<tag …>…</tag>`, nested ones of the same name counted). */
function elementEnd(html: string, start: number, tag: string): number {
  const pattern = new RegExp(`<(/?)${tag}\\b[^>]*?(/?)>`, 'g');
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[2]) continue;
    depth += match[1] ? -1 : 1;
    if (depth === 0) return pattern.lastIndex;
  }
  return html.length;
}

function innerOf(element: string): string {
  return element.replace(/^<[^>]*>/, '').replace(/<\/[a-z0-9]+>$/i, '');
}

/** The top-level list items of a list element. */
function itemsOf(list: string): string[] {
  const inner = innerOf(list);
  const items: string[] = [];
  let at = 0;
  while (at < inner.length) {
    const open = inner.indexOf('<li', at);
    if (open < 0) break;
    const end = elementEnd(inner, open, 'li');
    items.push(innerOf(inner.slice(open, end)));
    at = end;
  }
  return items;
}

/** mammoth's HTML as lines: paragraphs, list items, empty paragraphs as breaks. */
function linesOf(html: string): Line[] {
  const lines: Line[] = [];
  const opening = /<(p|h[1-6]|ol|ul|table)\b[^>]*>/g;
  for (let match = opening.exec(html); match; match = opening.exec(html)) {
    const tag = match[1];
    const end = elementEnd(html, match.index, tag);
    const element = html.slice(match.index, end);
    opening.lastIndex = end;
    if (tag === 'ol' || tag === 'ul')
      for (const item of itemsOf(element)) {
        // a nested list inside an item is part of its text
        const flat = item.replace(/<\/?(ol|ul|li)\b[^>]*>/g, ' ');
        lines.push({ kind: 'item', html: flat.trim(), text: textOf(flat) });
      }
    else if (tag === 'table') lines.push({ kind: 'table', html: element, text: textOf(element) });
    else {
      const inner = innerOf(element);
      const text = textOf(inner);
      if (text.startsWith('//')) continue;
      if (!text && !/<img\b/i.test(inner)) lines.push({ kind: 'break', html: '', text: '' });
      else lines.push({ kind: 'paragraph', html: inner, text });
    }
  }
  return lines;
}

/** The HTML without the leading text `prefix` (kept: formatting tags before it). */
function withoutPrefix(html: string, prefix: RegExp): string {
  const match = /^((?:\s*<[^>]+>)*)\s*/.exec(html);
  const tags = match?.[1] ?? '';
  const rest = html.slice(match?.[0].length ?? 0);
  return (tags + rest.replace(prefix, '')).trim();
}

function readDecimal(text: string): number | undefined {
  const trimmed = text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

function keyOf(name: string): Key {
  const lower = name.toLowerCase();
  if (lower === 'decimals' || lower === 'decimal places') return 'decimal_place';
  return lower as Key;
}

function parseBlock(
  lines: Line[],
  block: number,
): { question: ImportedQuestion } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const problem = (field: string, reason: string) => problems.push({ block, field, reason });
  const questionParts: string[] = [];
  const options: Array<{ letter: string; html: string; text: string }> = [];
  const values = new Map<Key, string>();
  let solutionParts: string[] | undefined;
  for (const line of lines) {
    if (line.kind === 'table') {
      problem('question', 'tables are not read: write the question and its options as paragraphs');
      continue;
    }
    if (/<img\b/i.test(line.html)) {
      problem(
        'question',
        'images are not imported from Word files: remove the image and add it in the exam editor',
      );
      continue;
    }
    const key = KEY_LINE.exec(line.text);
    if (key) {
      const name = keyOf(key[1]);
      if (values.has(name)) problem(name, `${name.toUpperCase()} is written twice`);
      values.set(name, key[2].trim());
      solutionParts = name === 'solution' ? [withoutPrefix(line.html, /^solution\s*:\s*/i)] : undefined;
      continue;
    }
    if (solutionParts) {
      solutionParts.push(line.html);
      continue;
    }
    const option = line.kind === 'paragraph' ? OPTION_LINE.exec(line.text) : null;
    if (line.kind === 'item' && questionParts.length) {
      options.push({ letter: LETTERS[options.length] ?? '?', html: line.html, text: line.text });
      continue;
    }
    if (option && (questionParts.length || option[1] === 'A')) {
      const expected = LETTERS[options.length];
      if (option[1] !== expected)
        problem('option', `option ${option[1]} comes where option ${expected} was expected`);
      options.push({ letter: option[1], html: withoutPrefix(line.html, /^[A-Z][.)]\s+/), text: option[2] });
      continue;
    }
    if (options.length || values.size) {
      problem(
        'question',
        `'${line.text.slice(0, 60)}' is neither an option (A. …) nor a line like ANSWER: …`,
      );
      continue;
    }
    questionParts.push(questionParts.length ? line.html : withoutPrefix(line.html, /^\d+\s*[.)]\s*/));
  }
  if (values.has('solution')) values.set('solution', (solutionParts ?? []).join('<br>'));

  const answer = values.get('answer') ?? '';
  const letters = answer
    .split(/[,;\s]+/)
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  let type: QuestionType | undefined;
  if (values.has('type')) {
    type = readType(values.get('type') ?? '');
    if (!type) problem('type', `'${values.get('type')}' is not a type (one of ${TYPE_NAMES.join(', ')})`);
  } else if (options.length) type = letters.length > 1 ? 'multiple_answers' : 'multiple_choices';
  else if (/^(true|false)$/i.test(answer)) type = 'true_false';
  else type = answer ? 'exact' : 'essay';
  if (type === 'parameterized' || type === 'parameterized_multiple_choices') {
    problem('type', `${type} questions need a dataset: write them in the exam editor`);
    type = undefined;
  }
  if (!questionParts.length) problem('question', 'the block has no question before its options and answer');

  const number = (name: Key, fallback: number, check: (value: number) => string | undefined) => {
    const text = values.get(name);
    if (text === undefined || text === '') return fallback;
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
      : 'DECIMAL_PLACE must be a whole number from 0 to 10',
  );
  const tags = readTags(values.get('tags') ?? '');
  if (tags.problem) problem('tags', tags.problem);

  const correct = new Set<string>();
  if (type === 'multiple_choices' || type === 'multiple_answers') {
    if (!letters.length) problem('answer', 'write ANSWER: with the letter of the correct option');
    for (const letter of letters)
      if (!options.some((option) => option.letter === letter))
        problem(
          'answer',
          `'${letter}' is not one of the options (${options.map((o) => o.letter).join(', ') || 'none'})`,
        );
      else correct.add(letter);
    if (type === 'multiple_choices' && correct.size > 1)
      problem(
        'answer',
        'a multiple_choices question has one correct option: use TYPE: multiple_answers for several',
      );
  } else if (type === 'true_false') {
    if (!/^(true|false)$/i.test(answer)) problem('answer', 'write ANSWER: TRUE or ANSWER: FALSE');
    if (options.length)
      problem('option', 'a true/false question has no options: its options are True and False');
  } else if (type === 'exact' || type === 'essay') {
    if (options.length) problem('option', `a ${type} question has no options`);
    if (type === 'exact' && !answer) problem('answer', 'write ANSWER: with the accepted answer');
    if (type === 'essay' && answer)
      problem('answer', 'an essay question has no ANSWER: it is graded by hand (write SOLUTION: instead)');
  }
  if (problems.length || !type) return { problems };
  const built = buildQuestion({
    type,
    question: questionParts.join('<br>'),
    options:
      type === 'true_false'
        ? [
            { text: 'True', correct: answer.toUpperCase() === 'TRUE' },
            { text: 'False', correct: answer.toUpperCase() === 'FALSE' },
          ]
        : options.map((option) => ({ text: option.html, correct: correct.has(option.letter) })),
    exactAnswers:
      type === 'exact'
        ? answer
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean)
        : [],
    tolerance,
    decimalPlace,
    weight,
    tags: tags.tags,
    solution: values.get('solution') || null,
  });
  if ('question' in built) return built;
  return { problems: built.problems.map((found) => ({ block, ...found })) };
}

/** Reads every question of the document, or every problem in it. */
export async function parseWord(content: Buffer): Promise<ImportResult> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: content }, { ignoreEmptyParagraphs: false })).value;
  } catch {
    return { ok: false, problems: [{ field: 'file', reason: 'the file is not a Word document (.docx)' }] };
  }
  const blocks: Line[][] = [[]];
  for (const line of linesOf(html)) {
    if (line.kind === 'break') {
      if (blocks[blocks.length - 1].length) blocks.push([]);
    } else blocks[blocks.length - 1].push(line);
  }
  const filled = blocks.filter((block) => block.length);
  if (!filled.length)
    return { ok: false, problems: [{ field: 'file', reason: 'the document holds no question' }] };
  if (filled.length > MAX_IMPORTED_QUESTIONS)
    return {
      ok: false,
      problems: [{ field: 'file', reason: `a file holds at most ${MAX_IMPORTED_QUESTIONS} questions` }],
    };
  const questions: ImportedQuestion[] = [];
  const problems: ImportProblem[] = [];
  filled.forEach((lines, n) => {
    const result = parseBlock(lines, n + 1);
    if ('question' in result) questions.push(result.question);
    else problems.push(...result.problems);
  });
  return problems.length ? { ok: false, problems } : { ok: true, questions };
}
