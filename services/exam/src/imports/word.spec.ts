import { buildWordDocument, buildWordTemplate } from './templates';
import { parseWord } from './word';

describe('Word import', () => {
  it('reads the template as shipped: one question of every importable type', async () => {
    const result = await parseWord(await buildWordTemplate());
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions.map((q) => [q.questions_type, q.question])).toEqual([
      ['multiple_choices', 'Which planet is the largest in the solar system?'],
      ['multiple_answers', 'Which of these numbers are prime?'],
      ['true_false', 'Water boils at 100 °C at sea level.'],
      ['exact', 'What is the acceleration of gravity on Earth in m/s², to one decimal place?'],
      ['essay', 'Explain in your own words why the sky is blue.'],
    ]);
    // the Word list's items are the options, lettered in order
    expect(result.questions[1].answers.map((a) => [a.answer, a.point])).toEqual([
      ['2', 1],
      ['4', 0],
      ['7', 1],
      ['9', 0],
    ]);
    expect(result.questions[0].tags).toEqual(['astronomy']);
    expect(result.questions[3].answers[0]).toMatchObject({
      exact_answer: '9.8',
      tolerance: 0.1,
      decimal_place: 1,
    });
    expect(result.questions[4]).toMatchObject({
      weight: 5,
      solution: 'Rayleigh scattering: shorter wavelengths scatter more.',
    });
  });

  it('keeps bold text of the question', async () => {
    const result = await parseWord(
      await buildWordDocument([{ text: 'Is the sun a star?', bold: true }, 'ANSWER: true']),
    );
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.questions[0].question).toBe('<strong>Is the sun a star?</strong>');
  });

  it('reports every broken block by its number and imports nothing', async () => {
    const result = await parseWord(
      await buildWordDocument([
        'Good question?',
        'A. yes',
        'B. no',
        'ANSWER: A',
        '',
        'Broken choice',
        'A. one',
        'C. three',
        'ANSWER: B',
        '',
        'What is 2 + 2?',
        'ANSWER: 4',
        'TOLERANCE: -1',
        'TYPE: fill-in',
        '',
        'A. an option without a question',
        'ANSWER: A',
      ]),
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { block: 2, field: 'option', reason: 'option C comes where option B was expected' },
        { block: 2, field: 'answer', reason: "'B' is not one of the options (A, C)" },
        {
          block: 3,
          field: 'type',
          reason:
            "'fill-in' is not a type (one of multiple_choices, multiple_answers, true_false, essay, exact)",
        },
        { block: 3, field: 'tolerance', reason: 'the tolerance must be 0 or more' },
        { block: 4, field: 'question', reason: 'the block has no question before its options and answer' },
      ],
    });
  });

  it('refuses a file that is no Word document', async () => {
    expect(await parseWord(Buffer.from('%PDF-1.4'))).toEqual({
      ok: false,
      problems: [{ field: 'file', reason: 'the file is not a Word document (.docx)' }],
    });
  });
});
