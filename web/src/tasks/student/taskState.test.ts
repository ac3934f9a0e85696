import { describe, expect, it } from 'vitest';
import type { Rubric, Task } from '../taskTypes';
import {
  answerState,
  chosenLevels,
  homepageTasks,
  mayEdit,
  rubricScore,
  splitDuration,
  windowState,
} from './taskState';

const at = (iso: string) => Date.parse(iso);
const window = { start_at: '2026-11-20T00:00:00Z', end_at: '2026-11-25T00:00:00Z', is_lateable: false };

describe('where a student’s answer stands', () => {
  it('reads not started, draft, change requested, sent, late and scored', () => {
    expect(answerState(null)).toBe('not_started');
    expect(answerState({ is_sent: false, is_late: false, comment: null })).toBe('draft');
    expect(answerState({ is_sent: false, is_late: false, comment: '  ' })).toBe('draft');
    expect(answerState({ is_sent: false, is_late: false, comment: 'Add the proof.' })).toBe(
      'changes_requested',
    );
    expect(answerState({ is_sent: true, is_late: false })).toBe('sent');
    expect(answerState({ is_sent: true, is_late: true })).toBe('late');
    expect(answerState({ is_sent: true, is_late: false, score: 0 })).toBe('scored');
  });
});

describe('the task’s window', () => {
  it('is upcoming, open, then closed — or late when late answers are taken', () => {
    expect(windowState(window, at('2026-11-19T23:59:59Z'))).toBe('upcoming');
    expect(windowState(window, at('2026-11-24T23:59:59Z'))).toBe('open');
    expect(windowState(window, at('2026-11-25T00:00:00Z'))).toBe('closed');
    expect(windowState({ ...window, is_lateable: true }, at('2026-11-26T00:00:00Z'))).toBe('late');
    expect(windowState({ start_at: null, end_at: null, is_lateable: false }, 0)).toBe('open');
  });

  it('lets the student change a draft while it takes answers, never a sent one', () => {
    const open = at('2026-11-22T00:00:00Z');
    expect(mayEdit(window, null, open)).toBe(true);
    expect(mayEdit(window, { is_sent: false }, open)).toBe(true);
    expect(mayEdit(window, { is_sent: true }, open)).toBe(false);
    expect(mayEdit(window, { is_sent: false }, at('2026-11-26T00:00:00Z'))).toBe(false);
    expect(mayEdit({ ...window, is_lateable: true }, { is_sent: false }, at('2026-11-26T00:00:00Z'))).toBe(
      true,
    );
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
});

describe('the homepage list of a student (spec 02 §6)', () => {
  const task = (id: string, end_at: string | null, sent = false): Task =>
    ({
      id,
      name: id,
      start_at: null,
      end_at,
      is_lateable: false,
      meta: { my_answer: sent ? { id: '1', is_sent: true, is_late: false } : null },
    }) as Task;

  it('drops tasks sent or past their end and puts the nearest end first', () => {
    const now = at('2026-11-24T00:00:00Z');
    const list = homepageTasks(
      [
        task('later', '2026-12-01T00:00:00Z'),
        task('none', null),
        task('sent', '2026-11-25T00:00:00Z', true),
        task('past', '2026-11-23T00:00:00Z'),
        task('soon', '2026-11-24T12:00:00Z'),
      ],
      now,
    );
    expect(list.map((item) => item.id)).toEqual(['soon', 'later', 'none']);
  });
});

const peerReview: Rubric = {
  criteria: ['Attendance', 'Contribution', 'Responsiveness', 'Own part', 'Cooperation'].map((name) => ({
    name,
    description: null,
    weight: 20,
    levels: [
      ['Strongly Disagree', 40],
      ['Disagree', 50],
      ['Neutral', 60],
      ['Agree', 80],
      ['Strongly Agree', 100],
    ].map(([level, point]) => ({
      name: level as string,
      point: point as number,
      point_min: 0,
      point_max: 0,
      description: null,
    })),
  })),
};

describe('rubric choices', () => {
  it('score Σ weight × point / 100 once every criterion is rated', () => {
    const choices = [4, 3, 3, 2, 4].map((level, criterion) => ({
      criterion,
      level,
      point: peerReview.criteria[criterion].levels[level].point,
    }));
    // 20 % × (100 + 80 + 80 + 60 + 100) = 84
    expect(rubricScore(peerReview, choices)).toBe(84);
    expect(rubricScore(peerReview, choices.slice(0, 4))).toBeNull();
  });

  it('name the level chosen for each criterion', () => {
    expect(chosenLevels(peerReview, [{ criterion: 1, level: 0, point: 40 }]).slice(0, 2)).toEqual([
      { criterion: 'Attendance', weight: 20, level: null, point: null },
      { criterion: 'Contribution', weight: 20, level: 'Strongly Disagree', point: 40 },
    ]);
    expect(chosenLevels(null, [])).toEqual([]);
  });
});
