import { describe, expect, it } from 'vitest';
import { fillPlaceholders, movedIn, placeholdersIn, questionProblems, reorder } from './questions';

const q = (id: string, index: number) => ({ id, index });

describe('question order', () => {
  const pack = [q('a', 1), q('b', 2), q('c', 3), q('d', 4)];

  it('moves a question to its new position and renumbers the package around it', () => {
    expect(reorder(pack, 'd', 2)).toEqual([q('a', 1), q('d', 2), q('b', 3), q('c', 4)]);
    expect(reorder(pack, 'a', 3)).toEqual([q('b', 1), q('c', 2), q('a', 3), q('d', 4)]);
  });

  it('sorts by index first and closes gaps, and clamps the position', () => {
    const gappy = [q('c', 9), q('a', 2), q('b', 5)];
    expect(reorder(gappy, 'c', 0)).toEqual([q('c', 1), q('a', 2), q('b', 3)]);
    expect(reorder(gappy, 'a', 99)).toEqual([q('b', 1), q('c', 2), q('a', 3)]);
  });

  it('answers null when nothing moves or the question is not in the package', () => {
    expect(reorder(pack, 'b', 2)).toBeNull();
    expect(reorder(pack, 'x', 1)).toBeNull();
  });
});

const option = (patch: object = {}) => ({
  point: 0,
  exact_answer: null,
  tolerance: 0,
  decimal_place: 0,
  formula: null,
  ...patch,
});
const question = (questions_type: string, text = '<p>What is 2 + 2?</p>', patch: object = {}) =>
  ({ question: text, questions_type, weight: 1, data_set_id: null, ...patch }) as Parameters<
    typeof questionProblems
  >[0];

describe('what a question lacks', () => {
  it('wants text, a weight above 0 and, for choices, two options with the right number correct', () => {
    expect(
      questionProblems(question('multiple_choices', '<p> </p>'), [option(), option({ point: 1 })], null),
    ).toEqual(['textRequired']);
    expect(
      questionProblems(
        question('multiple_choices', 'x', { weight: 0 }),
        [option({ point: 1 }), option()],
        null,
      ),
    ).toEqual(['weightRange']);
    expect(questionProblems(question('multiple_choices'), [option(), option()], null)).toEqual([
      'oneCorrect',
    ]);
    expect(
      questionProblems(question('true_false'), [option({ point: 1 }), option({ point: 1 })], null),
    ).toEqual(['oneCorrect']);
    expect(questionProblems(question('multiple_answers'), [option({ point: 1 })], null)).toEqual([
      'optionsRequired',
    ]);
    expect(questionProblems(question('multiple_answers'), [option(), option()], null)).toEqual([
      'someCorrect',
    ]);
    expect(
      questionProblems(question('multiple_answers'), [option({ point: 1 }), option({ point: 2 })], null),
    ).toEqual([]);
    expect(questionProblems(question('essay'), [], null)).toEqual([]);
  });

  it('wants an exact answer with a tolerance ≥ 0 and 0–10 decimal places', () => {
    expect(questionProblems(question('exact'), [], null)).toEqual(['exactRequired']);
    expect(
      questionProblems(
        question('exact'),
        [option({ exact_answer: '4', tolerance: -1, decimal_place: 11 })],
        null,
      ),
    ).toEqual(['toleranceRange', 'decimalRange']);
    expect(
      questionProblems(question('exact'), [option({ exact_answer: '3.14', tolerance: 0.01 })], null),
    ).toEqual([]);
  });

  it('wants a dataset, a formula and only the dataset’s variables in a parameterized question', () => {
    const text = 'A car drives {v} km/h for {t} hours. How far?';
    expect(questionProblems(question('parameterized', text), [option()], null)).toEqual([
      'datasetRequired',
      'formulaRequired',
    ]);
    expect(
      questionProblems(
        question('parameterized', text, { data_set_id: 4 }),
        [option({ formula: 'v * t' })],
        ['v'],
      ),
    ).toEqual(['unknownPlaceholder']);
    expect(
      questionProblems(
        question('parameterized', text, { data_set_id: 4 }),
        [option({ formula: 'v * t' })],
        ['v', 't'],
      ),
    ).toEqual([]);
    expect(
      questionProblems(
        question('parameterized_multiple_choices', text, { data_set_id: 4 }),
        [option({ point: 1, formula: 'v*t' }), option({ formula: null })],
        ['v', 't'],
      ),
    ).toEqual([]);
  });

  it('fills placeholders from a dataset item and names each placeholder once', () => {
    expect(placeholdersIn('{a} + {b} = {a}?')).toEqual(['a', 'b']);
    expect(fillPlaceholders('{a} + {b} + {c}', { a: 2, b: 3.5 })).toBe('2 + 3.5 + {c}');
  });
});

describe('the move between two orders', () => {
  it('finds the one question dragged up or down and its new position', () => {
    expect(movedIn(['a', 'b', 'c', 'd'], ['a', 'd', 'b', 'c'])).toEqual({ id: 'd', position: 2 });
    expect(movedIn(['a', 'b', 'c', 'd'], ['b', 'c', 'a', 'd'])).toEqual({ id: 'a', position: 3 });
    expect(movedIn(['a', 'b'], ['b', 'a'])).toEqual({ id: 'b', position: 1 });
  });

  it('answers null for the same order or more than one move', () => {
    expect(movedIn(['a', 'b', 'c'], ['a', 'b', 'c'])).toBeNull();
    expect(movedIn(['a', 'b', 'c', 'd'], ['b', 'a', 'd', 'c'])).toBeNull();
    expect(movedIn(['a', 'b'], ['a'])).toBeNull();
  });
});
