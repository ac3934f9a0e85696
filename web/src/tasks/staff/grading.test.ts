import { describe, expect, it } from 'vitest';
import type { Rubric, TaskStudent } from '../taskTypes';
import { answersToScore, parseScore, rubricScore, searchRows } from './grading';

const row = (
  id: string,
  name: string,
  answer: TaskStudent['answer'],
  group: TaskStudent['group'] = null,
): TaskStudent => ({
  id,
  student: { id: Number(id), name, username: name.toLowerCase(), class: 'IF101-A' },
  answer,
  group,
  state: answer ? 'sent' : 'not_started',
});
const sent = (id: number, extra: Partial<NonNullable<TaskStudent['answer']>> = {}) => ({
  id,
  is_sent: true,
  is_late: false,
  sent_at: '2026-12-01T08:00:00Z',
  score: null,
  ...extra,
});

describe('grading', () => {
  it('counts an empty score as 0 and 0 as a score; refuses past 100 and words', () => {
    expect(parseScore('')).toBe(0);
    expect(parseScore('  ')).toBe(0);
    expect(parseScore('0')).toBe(0);
    expect(parseScore('87.5')).toBe(87.5);
    expect(parseScore('87,5')).toBe(87.5);
    expect(parseScore('100')).toBe(100);
    expect(parseScore('100.5')).toBeNull();
    expect(parseScore('-1')).toBeNull();
    expect(parseScore('good')).toBeNull();
  });

  it('scores a rubric as Σ weight × point / 100, once every criterion has a level', () => {
    const rubric: Rubric = {
      criteria: [
        {
          name: 'Content',
          weight: 60,
          levels: [
            { name: 'Good', point: 100 },
            { name: 'Fair', point: 50 },
          ],
        },
        {
          name: 'Form',
          weight: 40,
          levels: [
            { name: 'Good', point: 80 },
            { name: 'Poor', point: 25 },
          ],
        },
      ],
    };
    expect(rubricScore(rubric, [{ criterion: 0, level: 1 }])).toBeNull();
    // 60 × 50 / 100 + 40 × 80 / 100 = 30 + 32
    expect(
      rubricScore(rubric, [
        { criterion: 0, level: 1 },
        { criterion: 1, level: 0 },
      ]),
    ).toBe(62);
    // a point of its own (a level with a range) wins over the level's
    expect(
      rubricScore(rubric, [
        { criterion: 0, level: 0, point: 90 },
        { criterion: 1, level: 1 },
      ]),
    ).toBe(64);
  });

  it('searches by every word in name, username, group and class', () => {
    const rows = [
      row('1', 'Ayu Lestari', null),
      row('2', 'Budi Santoso', null, { id: 4, name: 'Team Kappa' }),
    ];
    expect(searchRows(rows, 'ayu').map((item) => item.id)).toEqual(['1']);
    expect(searchRows(rows, 'kappa budi').map((item) => item.id)).toEqual(['2']);
    expect(searchRows(rows, '  ')).toHaveLength(2);
  });

  it('scores each sent answer chosen once: group members share their group’s answer', () => {
    const team = { id: 4, name: 'Team Kappa' };
    const rows = [
      row('1', 'Ayu', sent(90), team),
      row('2', 'Budi', sent(90), team),
      row('3', 'Citra', { ...sent(91), is_sent: false }),
      row('4', 'Dewi', sent(92)),
    ];
    expect(answersToScore(rows, new Set(['1', '2', '3', '4']))).toEqual([
      { id: '90', name: 'Team Kappa' },
      { id: '92', name: 'Dewi' },
    ]);
  });
});
