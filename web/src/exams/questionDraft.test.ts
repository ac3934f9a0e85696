import { describe, expect, it } from 'vitest';
import type { Question } from './examTypes';
import { changedOptions, changedQuestion, markOnlyCorrect, questionDraftOf, tagsOf } from './questionDraft';

const question: Question = {
  id: '5',
  exam_id: 2,
  question: '<p>Pick one</p>',
  index: 1,
  package: 1,
  questions_type: 'multiple_choices',
  group: 'A',
  weight: 1,
  solution: null,
  data_set_id: null,
  tags: ['algebra'],
  course_id: 3,
  problems: ['oneCorrect'],
  created_at: '2026-11-20 08:00:00',
  updated_at: '2026-11-20 08:00:00',
  answers: [
    {
      id: '10',
      question_id: 5,
      index: 1,
      answer_index: 0,
      point: 0,
      answer: 'Option 1',
      exact_answer: null,
      tolerance: 0,
      decimal_place: 0,
      formula: null,
    },
    {
      id: '11',
      question_id: 5,
      index: 2,
      answer_index: 1,
      point: 0,
      answer: 'Option 2',
      exact_answer: null,
      tolerance: 0,
      decimal_place: 0,
      formula: null,
    },
  ],
};

describe('question draft', () => {
  const original = questionDraftOf(question);

  it('sends nothing while nothing changed', () => {
    expect(changedQuestion(original, original)).toEqual({});
    expect(changedOptions(original.options, original.options)).toEqual([]);
  });

  it('sends the changed question fields in the API types, tags as a list', () => {
    expect(
      changedQuestion(original, {
        ...original,
        weight: '2',
        tags: ' algebra , linear,algebra',
        data_set_id: '4',
      }),
    ).toEqual({ weight: 2, tags: ['algebra', 'linear'], data_set_id: 4 });
    expect(tagsOf(' , a,b , a')).toEqual(['a', 'b']);
  });

  it('marks one option correct (points 1 unless it had some) and the others not', () => {
    const marked = markOnlyCorrect(original.options, '11');
    expect(marked.map((option) => option.point)).toEqual(['0', '1']);
    const remarked = markOnlyCorrect([{ ...marked[0] }, { ...marked[1], point: '5' }], '11');
    expect(remarked.map((option) => option.point)).toEqual(['0', '5']);
  });

  it('sends only the changed fields of each changed option', () => {
    const draft = markOnlyCorrect(original.options, '10').map((option) =>
      option.id === '11' ? { ...option, answer: 'Paris', tolerance: '0.5' } : option,
    );
    expect(changedOptions(original.options, draft)).toEqual([
      { id: '10', changes: { point: 1 } },
      { id: '11', changes: { answer: 'Paris', tolerance: 0.5 } },
    ]);
  });
});
