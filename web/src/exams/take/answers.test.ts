import { describe, expect, it } from 'vitest';
import { chosen, inputKind, isAnswered, toggleChoice } from './answers';

describe('answers of the taking screen', () => {
  it('counts only an answer that says something', () => {
    expect(isAnswered(null)).toBe(false);
    expect(isAnswered({ answer_index: [] })).toBe(false);
    expect(isAnswered({ answer_index: [0] })).toBe(true);
    expect(isAnswered({ text: '<p> &nbsp;</p>' })).toBe(false);
    expect(isAnswered({ text: '<p>Because</p>' })).toBe(true);
    expect(isAnswered({ text: '<p><span data-latex="x^2"></span></p>' })).toBe(true);
    expect(isAnswered({ value: '  ' })).toBe(false);
    expect(isAnswered({ value: '0' })).toBe(true);
  });

  it('keeps one option for single-answer types and a sorted set for multiple answers', () => {
    expect(toggleChoice('multiple_choices', { answer_index: [1] }, 3, true)).toEqual({ answer_index: [3] });
    expect(toggleChoice('true_false', { answer_index: [1] }, 1, false)).toEqual({ answer_index: [] });
    expect(toggleChoice('multiple_answers', { answer_index: [4] }, 2, true)).toEqual({
      answer_index: [2, 4],
    });
    expect(toggleChoice('multiple_answers', { answer_index: [2, 4] }, 4, false)).toEqual({
      answer_index: [2],
    });
    expect(chosen({ value: '3' })).toEqual([]);
  });

  it('answers each type with its input', () => {
    expect(inputKind('multiple_choices')).toBe('single');
    expect(inputKind('parameterized_multiple_choices')).toBe('single');
    expect(inputKind('multiple_answers')).toBe('multiple');
    expect(inputKind('exact')).toBe('value');
    expect(inputKind('parameterized')).toBe('value');
    expect(inputKind('essay')).toBe('essay');
  });
});
