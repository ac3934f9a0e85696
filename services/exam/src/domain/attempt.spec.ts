import {
  attemptDeadline,
  attemptRandom,
  effectiveWindow,
  isAnswered,
  pick,
  readAnswer,
  seedOf,
  shuffle,
} from './attempt';

const at = (iso: string) => new Date(iso);
const clean = (html: string) => html.replace(/<script[^>]*>.*?<\/script>/g, '');

describe('attempt rules', () => {
  describe('window and deadline', () => {
    it("takes the student's override where one is set, the exam's window elsewhere", () => {
      const exam = { startAt: at('2030-01-01T08:00:00Z'), endAt: at('2030-01-01T10:00:00Z') };
      expect(effectiveWindow(exam, null)).toEqual(exam);
      expect(
        effectiveWindow(exam, { overrideStartAt: null, overrideEndAt: at('2030-01-01T11:00:00Z') }),
      ).toEqual({ startAt: exam.startAt, endAt: at('2030-01-01T11:00:00Z') });
    });

    it('ends an attempt at the earlier of the window end and start + duration', () => {
      const start = at('2030-01-01T09:30:00Z');
      expect(attemptDeadline(start, at('2030-01-01T10:00:00Z'), 60)).toEqual(at('2030-01-01T10:00:00Z'));
      expect(attemptDeadline(start, at('2030-01-01T12:00:00Z'), 60)).toEqual(at('2030-01-01T10:30:00Z'));
      expect(attemptDeadline(start, null, 45)).toEqual(at('2030-01-01T10:15:00Z'));
      expect(attemptDeadline(start, at('2030-01-01T12:00:00Z'), null)).toEqual(at('2030-01-01T12:00:00Z'));
      expect(attemptDeadline(start, null, null)).toBeNull();
    });
  });

  describe('order and package', () => {
    it('gives the same order for the same attempt and another for another student', () => {
      const items = Array.from({ length: 20 }, (_, i) => i + 1);
      const first = shuffle(items, attemptRandom(7, 100, 1));
      expect(shuffle(items, attemptRandom(7, 100, 1))).toEqual(first);
      expect([...first].sort((a, b) => a - b)).toEqual(items);
      expect(shuffle(items, attemptRandom(7, 101, 1))).not.toEqual(first);
      expect(shuffle(items, attemptRandom(7, 100, 2))).not.toEqual(first);
    });

    it('spreads a cohort over the packages', () => {
      const counts = new Map<number, number>();
      for (let student = 1; student <= 3000; student++) {
        const chosen = pick([1, 2, 3], attemptRandom(9, student, 1))!;
        counts.set(chosen, (counts.get(chosen) ?? 0) + 1);
      }
      for (const pack of [1, 2, 3]) expect(counts.get(pack)).toBeGreaterThan(850);
      expect(pick([], attemptRandom(1, 1, 1))).toBeUndefined();
    });

    it('seeds differ when any part differs', () => {
      expect(seedOf(1, 23)).not.toBe(seedOf(12, 3));
      expect(seedOf('a', 1)).toBe(seedOf('a', 1));
    });
  });

  describe('answer shapes', () => {
    const read = (type: Parameters<typeof readAnswer>[0], answer: unknown) =>
      readAnswer(type, [1, 2, 3, 4], answer, clean);

    it('keeps the options picked, sorted and once', () => {
      expect(read('multiple_answers', { answer_index: [3, 1, 3] })).toEqual({
        answer: { answer_index: [1, 3] },
      });
      expect(read('multiple_choices', { answer_index: [2] })).toEqual({ answer: { answer_index: [2] } });
      expect(read('true_false', { answer_index: 1 })).toEqual({ answer: { answer_index: [1] } });
      expect(read('multiple_choices', { answer_index: [] })).toEqual({ answer: { answer_index: [] } });
    });

    it('refuses an unknown option, two options of a single choice, and a wrong shape', () => {
      expect(read('multiple_choices', { answer_index: [2, 9] })).toEqual({
        issue: { path: ['answer_index', 1], detail: expect.stringContaining('no option 9') },
      });
      expect(read('multiple_choices', { answer_index: [1, 2] })).toEqual({
        issue: { path: ['answer_index'], detail: 'a multiple_choices question takes one option' },
      });
      expect(read('multiple_choices', { text: 'x' })).toEqual({
        issue: { path: ['text'], detail: expect.stringContaining('answer_index') },
      });
      expect(read('essay', 'hello')).toEqual({ issue: { path: [], detail: expect.any(String) } });
      expect(read('exact', { value: 12 })).toEqual({
        issue: { path: ['value'], detail: 'value must be a string' },
      });
      expect(read('parameterized', { value: 'twelve' })).toEqual({
        issue: { path: ['value'], detail: expect.stringContaining('must be a number') },
      });
    });

    it('keeps typed values as typed and sanitizes essays', () => {
      expect(read('parameterized', { value: '3,5' })).toEqual({ answer: { value: '3,5' } });
      expect(read('exact', { value: 'Jakarta' })).toEqual({ answer: { value: 'Jakarta' } });
      expect(read('essay', { text: '<p>x</p><script>alert(1)</script>' })).toEqual({
        answer: { text: '<p>x</p>' },
      });
      expect(read('essay', null)).toEqual({ answer: null });
    });

    it('counts an answer as given only when it says something', () => {
      expect(isAnswered({ answer_index: [] })).toBe(false);
      expect(isAnswered({ answer_index: [2] })).toBe(true);
      expect(isAnswered({ value: '  ' })).toBe(false);
      expect(isAnswered({ text: '<p></p>' })).toBe(false);
      expect(isAnswered({ text: '<p>yes</p>' })).toBe(true);
      expect(isAnswered(null)).toBe(false);
    });
  });
});
