import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedIn, start } from '../../test/app';
import { errorDocument, many, one, resource, user } from '../../test/factories';
import { json, serve } from '../../test/server';

const lecturer = () => json(200, one(user({ name: 'Dr. Ratna Wijaya', level: 'lecturer' })));
const exam = () =>
  json(
    200,
    one(
      resource(
        'exams',
        { course_id: 3, name: 'Midterm', passing_grade: 60, package: 1, can_edit: true },
        '7',
      ),
    ),
  );
const analysis = (
  question_id: number,
  index: number,
  type: string,
  difficulty: number,
  discrimination: number,
) => ({
  question_id,
  index,
  package: 1,
  questions_type: type,
  attempts: 4,
  answered: 4,
  mean_score: difficulty * 100,
  difficulty,
  difficulty_level: difficulty > 0.7 ? 'easy' : 'medium',
  discrimination,
  discrimination_level: discrimination < 0.2 ? 'poor' : 'very_good',
});
const statistic = (count = 4) =>
  json(200, {
    data: {
      type: 'exam-statistics',
      id: '7',
      attributes: {
        exam_id: 7,
        passing_grade: 60,
        final_score_type: 'highest',
        students: 5,
        attempts: { started: 4, running: 0, finished: 4, stopped: 0, grading_pending: 1 },
        scores: { count, mean: 62.5, median: 60, stdev: 10.25, min: 45, max: 80, passed: 3, pass_rate: 0.75 },
        distribution: Array.from({ length: 10 }, (_, bin) => ({
          from: bin * 10,
          to: bin * 10 + 10,
          label: `${bin * 10}–${bin * 10 + 10}`,
          count: bin === 4 ? 1 : bin === 6 ? 2 : bin === 8 ? 1 : 0,
        })),
        time_spent: { mean: 2496, median: 2400, min: 1800, max: 3300 },
        questions: [
          analysis(31, 1, 'multiple_choices', 0.75, 0.5),
          analysis(32, 2, 'essay', 0.4, -0.1),
          analysis(33, 3, 'exact', 0.5, 0.3),
        ],
      },
    },
  });

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('the statistics of an exam', () => {
  it('shows the figures, the charts with their tables and the options chosen in a question', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': exam,
      'GET /api/v2/exam/exams/7/statistic': () => statistic(),
      'GET /api/v2/exam/exams/7/question/33/statistic': () =>
        json(200, {
          data: {
            type: 'question-statistics',
            id: '33',
            attributes: {
              ...analysis(33, 3, 'exact', 0.5, 0.3),
              exam_id: 7,
              options: [],
              values: [
                { value: '3.14', count: 2, mean_score: 100 },
                { value: '3', count: 2, mean_score: 0 },
              ],
            },
          },
        }),
      'GET /api/v2/exam/exams/7/question/31/statistic': () =>
        json(200, {
          data: {
            type: 'question-statistics',
            id: '31',
            attributes: {
              ...analysis(31, 1, 'multiple_choices', 0.75, 0.5),
              exam_id: 7,
              options: [
                {
                  id: 311,
                  index: 1,
                  answer: 'Four',
                  is_correct: true,
                  chosen: 3,
                  chosen_upper: 1,
                  chosen_lower: 1,
                },
                {
                  id: 312,
                  index: 2,
                  answer: 'Five',
                  is_correct: false,
                  chosen: 1,
                  chosen_upper: 0,
                  chosen_lower: 1,
                },
              ],
              values: [],
            },
          },
        }),
    });
    start('/exam/7/statistic');
    const figures = await screen.findByText('Mean score', { selector: 'dt' });
    expect(figures.nextElementSibling?.textContent).toBe('62.5');
    expect(screen.getByText('Students scored').nextElementSibling?.textContent).toBe('4');
    expect(screen.getByText(/1 attempt still waits for its essays to be graded/)).toBeTruthy();
    expect(screen.getByText('Pass rate', { selector: 'dt' }).nextElementSibling?.textContent).toBe('75 %');
    expect(screen.getByText('Mean time spent').nextElementSibling?.textContent).toBe('42 minutes');
    const histogram = screen.getByRole('figure', { name: 'Score distribution' });
    expect(within(histogram).getByRole('row', { name: '60–70 2' })).toBeTruthy();
    const weak = screen.getByRole('row', { name: /P1·Q2 Essay/ });
    expect(within(weak).getByText('poor')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Options chosen in P1·Q1' }));
    const options = await screen.findByRole('figure', { name: 'Options chosen in P1·Q1' });
    expect(within(options).getByRole('row', { name: /Option 1: Four.*correct 3 75 % 1 1/ })).toBeTruthy();
    expect(within(options).getByRole('row', { name: /Option 2: Five 1 25 % 0 1/ })).toBeTruthy();

    // a typed answer's question shows the values the students typed
    fireEvent.click(screen.getByRole('button', { name: 'Options chosen in P1·Q3' }));
    const values = await screen.findByRole('table', { name: 'Answers typed in P1·Q3' });
    expect(within(values).getByRole('row', { name: '3.14 2 100' })).toBeTruthy();
  });

  it('recalculates after asking and lists whose score changed by how much', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': exam,
      'GET /api/v2/exam/exams/7/statistic': () => statistic(),
      'PATCH /api/v2/exam/recalculate/7': () =>
        json(200, {
          data: {
            type: 'exam-recalculations',
            id: '7',
            attributes: {
              exam_id: 7,
              attempts: 4,
              changed: [
                {
                  student_exam_id: 11,
                  student_id: 104,
                  attempt: 1,
                  before: 50,
                  after: 62.5,
                  is_passed: true,
                  pending: 0,
                  difference: 12.5,
                },
                {
                  student_exam_id: 12,
                  student_id: 105,
                  attempt: 2,
                  before: 80,
                  after: 70,
                  is_passed: true,
                  pending: 0,
                  difference: -10,
                },
              ],
            },
          },
        }),
      'GET /api/exam/exams/7/monitor': () =>
        json(
          200,
          many([
            resource(
              'attempt-progress',
              {
                student_exam_id: 11,
                student_id: 104,
                student_name: 'Ayu Lestari',
                status: 'finished',
                answered: 5,
                total: 5,
              },
              '11',
            ),
          ]),
        ),
    });
    start('/exam/7/statistic');
    fireEvent.click(await screen.findByRole('button', { name: 'Recalculate' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Recalculate every attempt of “Midterm”?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    const table = await screen.findByRole('table', { name: '2 scores changed' });
    expect(within(table).getByRole('row', { name: 'Ayu Lestari 50 62.5 +12.5' })).toBeTruthy();
    // a student the monitor does not name is shown by number
    expect(within(table).getByRole('row', { name: /^Student #105 ?· attempt 2 80 70 −10$/ })).toBeTruthy();
  });

  it('says so before anyone has finished', async () => {
    signedIn();
    serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': exam,
      'GET /api/v2/exam/exams/7/statistic': () => statistic(0),
    });
    start('/exam/7/statistic');
    expect(await screen.findByText(/No attempt is finished yet/)).toBeTruthy();
  });
});

describe('the downloads of an exam', () => {
  it('produces the results workbook, shows that it works, then the link', async () => {
    signedIn();
    let release: () => void = () => undefined;
    const produced = new Promise<void>((resolve) => (release = resolve));
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': exam,
      'GET /api/exam/exams/7/monitor': () => json(200, many([])),
      'POST /api/v2/exam/exams/results': async () => {
        await produced;
        return json(204, {});
      },
      'GET /api/blob-storage/exam/7/export': (request) =>
        json(
          200,
          one(
            resource(
              'exam-exports',
              {
                exam_id: 7,
                student_exam_id: null,
                kind: new URL(request.url).searchParams.get('kind'),
                filename: 'Midterm-results.xlsx',
                size: 20480,
                created_at: '2026-12-01 12:00:00',
                downloadUrl: 'https://files.example/r.xlsx?sig=1',
              },
              '3',
            ),
          ),
        ),
    });
    start('/exam/7/download');
    fireEvent.click(await screen.findByRole('button', { name: 'Produce the workbook' }));
    expect(await screen.findByRole('progressbar', { name: 'Producing the file…' })).toBeTruthy();
    release();
    const link = await screen.findByRole('link', { name: 'Download the workbook (.xlsx)' });
    expect(link.getAttribute('href')).toBe('https://files.example/r.xlsx?sig=1');
    expect(screen.getByText(/Midterm-results\.xlsx · 20 KB/)).toBeTruthy();
    const asked = calls.find((request) => request.url.includes('/blob-storage/exam/7/export'))!;
    expect(new URL(asked.url).searchParams.get('kind')).toBe('results');
    const post = calls.find((request) => request.url.includes('/v2/exam/exams/results'))!;
    expect(await post.json()).toEqual({ data: { attributes: { exam_id: 7 } } });
  });

  it('asks for one student’s answers and says why a file could not be made', async () => {
    signedIn();
    const calls = serve({
      'GET /api/login/me': lecturer,
      'GET /api/exam/exams/7': exam,
      'GET /api/exam/exams/7/monitor': () =>
        json(
          200,
          many([
            resource(
              'attempt-progress',
              {
                student_exam_id: 12,
                student_name: 'Budi Santoso',
                status: 'finished',
                answered: 5,
                total: 5,
              },
              '12',
            ),
          ]),
        ),
      'POST /api/v2/exam/exams/results/questions': () =>
        json(409, errorDocument(409, 'Conflict', { detail: 'The attempt is not scored yet' })),
    });
    start('/exam/7/download');
    await screen.findByRole('option', { name: 'Budi Santoso' });
    fireEvent.change(screen.getByLabelText('Answers of'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Produce the PDF' }));
    expect(await screen.findByText('The attempt is not scored yet')).toBeTruthy();
    const post = calls.find((request) => request.url.includes('/v2/exam/exams/results'))!;
    expect(await post.json()).toEqual({ data: { attributes: { exam_id: 7, student_exam_id: 12 } } });
  });
});
