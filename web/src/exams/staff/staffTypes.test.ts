import { describe, expect, it } from 'vitest';
import { many, resource } from '../../test/factories';
import { differenceOf, scoreText } from './numbers';
import { type QuestionStudent, toEssayAnswer, toMonitorView, withProgress } from './staffTypes';

describe('the staff screens read the exam service', () => {
  it('reads the monitor rows with their names (the student number without one) and its counts', () => {
    const view = toMonitorView({
      ...many([
        resource(
          'attempt-progress',
          { student_exam_id: 11, student_id: 4, student_name: 'Ayu Lestari', status: 'started' },
          '11',
        ),
        resource(
          'attempt-progress',
          { student_exam_id: 12, student_id: 5, student_name: null, status: 'finished' },
          '12',
        ),
      ]),
      meta: { students: 160, not_started: 158, started: 1, finished: 1, stopped: 0 },
    });
    expect(view.rows.map((row) => [row.student_exam_id, row.name, row.status])).toEqual([
      ['11', 'Ayu Lestari', 'started'],
      ['12', '#5', 'finished'],
    ]);
    expect(view.counts).toEqual({ students: 160, not_started: 158, started: 1, finished: 1, stopped: 0 });
  });

  it('applies a push of changed rows: replaced or added in order, the counts following', () => {
    const view = toMonitorView({
      ...many([
        resource(
          'attempt-progress',
          {
            student_exam_id: 11,
            student_id: 4,
            student_name: 'Budi',
            attempt: 1,
            status: 'started',
            answered: 1,
          },
          '11',
        ),
        resource(
          'attempt-progress',
          {
            student_exam_id: 12,
            student_id: 5,
            student_name: 'Dewi',
            attempt: 1,
            status: 'started',
            answered: 0,
          },
          '12',
        ),
      ]),
      meta: { students: 3, not_started: 1, started: 2, finished: 0, stopped: 0 },
    });
    const pushed = withProgress(
      view,
      many([
        resource(
          'attempt-progress',
          {
            student_exam_id: 12,
            student_id: 5,
            student_name: 'Dewi',
            attempt: 1,
            status: 'finished',
            answered: 4,
            score: 75,
          },
          '12',
        ),
        resource(
          'attempt-progress',
          {
            student_exam_id: 13,
            student_id: 6,
            student_name: 'Ayu',
            attempt: 1,
            status: 'started',
            answered: 0,
          },
          '13',
        ),
      ]),
    );
    expect(pushed.rows.map((row) => [row.name, row.status, row.answered])).toEqual([
      ['Ayu', 'started', 0],
      ['Budi', 'started', 1],
      ['Dewi', 'finished', 4],
    ]);
    expect(pushed.counts).toEqual({ students: 3, not_started: 0, started: 2, finished: 1, stopped: 0 });
    expect(view.rows[1].status).toBe('started'); // the view it was given is left as it was
  });

  it('reads an essay answer of a student: the text out of the answer, the name or the student number', () => {
    const row = {
      id: '501',
      student_exam_id: 11,
      student_id: 104,
      name: null,
      nim: '2301004',
      attempt: 2,
      finished_at: '2026-12-01 09:00:00',
      answer: { text: '<p>Epsilon.</p>' },
      score: null,
      graded_at: null,
      graded_by: null,
    } as unknown as QuestionStudent;
    expect(toEssayAnswer(row)).toEqual({
      student_question_id: 501,
      student_exam_id: '11',
      name: '2301004',
      attempt: 2,
      text: '<p>Epsilon.</p>',
      score: null,
    });
    expect(toEssayAnswer({ ...row, answer: null, score: 0 }).text).toBeNull();
  });

  it('writes how a score moved', () => {
    expect(differenceOf(50, 62.5)).toBe('+12.5');
    expect(differenceOf(62.5, 50)).toBe('−12.5');
    expect(differenceOf(null, 50)).toBe('—');
    expect(scoreText(87.456)).toBe('87.46');
  });
});
