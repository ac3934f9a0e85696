import {
  defaultOptions,
  QUESTION_TYPES,
  questionIssues,
  readinessIssues,
  type OptionDraft,
  type QuestionDraft,
  type QuestionType,
} from './question-rules';

const option = (overrides: Partial<OptionDraft> = {}): OptionDraft => ({
  answer: 'an option',
  point: 0,
  exact_answer: null,
  tolerance: 0,
  decimal_place: 0,
  formula: null,
  ...overrides,
});
const question = (type: QuestionType, overrides: Partial<QuestionDraft> = {}): QuestionDraft => ({
  questions_type: type,
  question: 'What is it?',
  weight: 1,
  data_set_id: null,
  answers: defaultOptions(type),
  ...overrides,
});
const paths = (issues: Array<{ path: string }>) => issues.map((issue) => issue.path);

describe('question rules', () => {
  it('starts choice questions with Option 1 and Option 2, true/false with True and False, essays with none', () => {
    expect(defaultOptions('multiple_choices').map((o) => o.answer)).toEqual(['Option 1', 'Option 2']);
    expect(defaultOptions('parameterized_multiple_choices').map((o) => o.answer)).toEqual([
      'Option 1',
      'Option 2',
    ]);
    expect(defaultOptions('true_false').map((o) => o.answer)).toEqual(['True', 'False']);
    expect(defaultOptions('essay')).toEqual([]);
  });

  it('lets a new question of every type be saved, and says what it still lacks', () => {
    for (const type of QUESTION_TYPES)
      expect(questionIssues(question(type), { variables: ['x'] })).toEqual([]);
    expect(paths(readinessIssues(question('multiple_choices')))).toEqual(['answers']);
    expect(paths(readinessIssues(question('essay')))).toEqual([]);
    expect(paths(readinessIssues(question('exact')))).toEqual(['answers/0/exact_answer']);
    expect(paths(readinessIssues(question('parameterized')))).toEqual(['answers/0/formula', 'data_set_id']);
  });

  it('refuses a second correct option where one is correct, and accepts several on multiple answers', () => {
    const two = [option({ point: 1 }), option({ point: 1 })];
    for (const type of ['multiple_choices', 'true_false'] as const)
      expect(paths(questionIssues(question(type, { answers: two })))).toEqual(['answers']);
    expect(questionIssues(question('multiple_answers', { answers: two }))).toEqual([]);
    expect(readinessIssues(question('multiple_answers', { answers: two }))).toEqual([]);
    expect(
      readinessIssues(question('multiple_choices', { answers: [option({ point: 1 }), option()] })),
    ).toEqual([]);
  });

  it('refuses options on an essay, a third true/false option and negative numbers', () => {
    expect(paths(questionIssues(question('essay', { answers: [option()] })))).toEqual(['answers']);
    expect(
      paths(questionIssues(question('true_false', { answers: [option(), option(), option()] }))),
    ).toEqual(['answers']);
    expect(
      paths(
        questionIssues(
          question('exact', {
            weight: 0,
            answers: [option({ exact_answer: '3', tolerance: -1, point: -1, decimal_place: 11 })],
          }),
        ),
      ),
    ).toEqual(['weight', 'answers/0/point', 'answers/0/tolerance', 'answers/0/decimal_place']);
  });

  it('takes an exact answer as a number with tolerance, or as text without', () => {
    expect(
      questionIssues(question('exact', { answers: [option({ exact_answer: '9.81', tolerance: 0.05 })] })),
    ).toEqual([]);
    expect(
      paths(
        questionIssues(question('exact', { answers: [option({ exact_answer: 'Jakarta', tolerance: 1 })] })),
      ),
    ).toEqual(['answers/0/tolerance']);
    expect(
      paths(questionIssues(question('multiple_choices', { answers: [option({ exact_answer: '1' })] }))),
    ).toEqual(['answers/0/exact_answer']);
  });

  it('checks formulas and placeholders against the dataset', () => {
    const dataset = { variables: ['v', 't'] };
    const good = question('parameterized', {
      question: 'Drive {v} km/h for {t} h. How far?',
      data_set_id: 3,
      answers: [option({ formula: 'v * t' })],
    });
    expect(questionIssues(good, dataset)).toEqual([]);
    expect(readinessIssues(good, dataset)).toEqual([]);
    expect(questionIssues({ ...good, question: 'Drive {speed} km/h' }, dataset)).toEqual([
      { path: 'question', detail: '{speed} is not a variable of the dataset (v, t)' },
    ]);
    expect(questionIssues({ ...good, answers: [option({ formula: 'v * (t' })] }, dataset)[0].path).toBe(
      'answers/0/formula',
    );
    expect(questionIssues({ ...good, answers: [option({ formula: 'v * s' })] }, dataset)).toEqual([
      { path: 'answers/0/formula', detail: "'s' is not a variable of the dataset (v, t)" },
    ]);
    expect(
      questionIssues({ ...good, data_set_id: null, answers: [option({ formula: 'v' })] })[0].detail,
    ).toMatch(/no dataset/);
    expect(paths(questionIssues(question('multiple_choices', { data_set_id: 3 })))).toEqual(['data_set_id']);
    expect(paths(questionIssues(question('exact', { answers: [option({ formula: '1 + 1' })] })))).toEqual([
      'answers/0/formula',
    ]);
  });

  it('asks a parameterized multiple-choice question for a formula on every option and one correct', () => {
    const dataset = { variables: ['a'] };
    const draft = question('parameterized_multiple_choices', {
      data_set_id: 1,
      answers: [option({ formula: 'a * 2', point: 1 }), option({ formula: '' })],
    });
    expect(paths(readinessIssues(draft, dataset))).toEqual(['answers/1/formula']);
  });

  it('refuses an unknown type', () => {
    expect(paths(questionIssues(question('matching' as QuestionType)))).toEqual(['questions_type']);
  });
});
