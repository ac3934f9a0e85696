import { describe, expect, it } from 'vitest';
import type { Task } from '../taskTypes';
import {
  attributesOf,
  changedAttributes,
  dateOfInput,
  draftOf,
  evenWeights,
  inputOfDate,
  newCriterion,
  newDraft,
  taskProblems,
  type TaskDraft,
} from './taskForm';

const draft = (patch: Partial<TaskDraft> = {}): TaskDraft => ({
  ...newDraft({ type: 'module', id: '31' }, new Date(2026, 10, 24, 9, 0)),
  name: 'Essay 1',
  ...patch,
});
const fields = (value: TaskDraft) =>
  taskProblems(value).map((problem) => `${problem.field}:${problem.problem}`);

describe('the task form', () => {
  it('opens a new task now for a week, due at 23:59, for every class, scored by a number', () => {
    const value = newDraft({ type: 'activity', id: '7' }, new Date(2026, 10, 24, 9, 5));
    expect(value).toMatchObject({
      start_at: '2026-11-24T09:05',
      end_at: '2026-12-01T23:59',
      taskable_type: 'activity',
      taskable_id: '7',
      all_class: true,
      assesment_method: 'score',
      tasks_type: 'PERSONAL',
    });
    expect(fields(value)).toEqual(['name:nameRequired']);
  });

  it('refuses a window ending before it opens, a passing grade past 100, no class chosen', () => {
    expect(
      fields(draft({ end_at: '2026-11-24T08:00', passing_grade: '101', all_class: false, class_ids: [] })),
    ).toEqual(['end_at:endBeforeStart', 'passing_grade:passingGradeRange', 'class_ids:classesRequired']);
    expect(fields(draft({ passing_grade: '0' }))).toEqual([]);
  });

  it('asks for both shares of a peer-assessed group task, summing to 100', () => {
    const group = { tasks_type: 'GROUP' as const, peer_assessment: true };
    expect(fields(draft({ ...group, lecturer_percentage: '70', student_percentage: '' }))).toEqual([
      'student_percentage:percentageRange',
    ]);
    expect(fields(draft({ ...group, lecturer_percentage: '70', student_percentage: '20' }))).toEqual([
      'lecturer_percentage:percentagesSum',
    ]);
    expect(fields(draft({ ...group, lecturer_percentage: '70', student_percentage: '30' }))).toEqual([]);
    // a personal task ignores the shares
    expect(fields(draft({ peer_assessment: true, lecturer_percentage: 'x' }))).toEqual([]);
  });

  it('checks the rubric: names, two levels each, points 0–100, weights summing to 100', () => {
    const rubric = {
      criteria: [
        { ...newCriterion('Content', 60), levels: [{ name: 'Good', point: 100 }] },
        { ...newCriterion('', 30) },
      ],
    };
    rubric.criteria[1].levels[0] = { name: 'Top', point: 120 };
    expect(fields(draft({ assesment_method: 'rubric', rubric }))).toEqual([
      'rubric.0:levelsRequired',
      'rubric.1:criterionName',
      'rubric.1.0:pointRange',
      'rubric:weightsSum',
    ]);
    expect(taskProblems(draft({ assesment_method: 'rubric', rubric })).at(-1)?.values).toEqual({ sum: 90 });
  });

  it('spreads weights evenly in whole numbers summing to 100', () => {
    expect(evenWeights(3)).toEqual([34, 33, 33]);
    expect(evenWeights(5)).toEqual([20, 20, 20, 20, 20]);
    expect(evenWeights(0)).toEqual([]);
  });

  it('sends every attribute on create: dates as ISO, numbers as numbers, no rubric or shares unless used', () => {
    const value = attributesOf(draft({ description: '  ', passing_grade: '60' }), 3);
    expect(value).toMatchObject({
      name: 'Essay 1',
      description: null,
      start_at: new Date(2026, 10, 24, 9, 0).toISOString(),
      passing_grade: 60,
      course_id: 3,
      taskable_type: 'module',
      taskable_id: 31,
      rubric: null,
      student_percentage: null,
      lecturer_percentage: null,
      is_assesment_open: false,
      class_ids: [],
    });
  });

  it('sends only what changed on update', () => {
    const original = draft();
    expect(changedAttributes(original, original, 3)).toEqual({});
    expect(changedAttributes(original, { ...original, name: 'Essay 2', show_score: true }, 3)).toEqual({
      name: 'Essay 2',
      show_score: true,
    });
    expect(changedAttributes(original, { ...original, all_class: false, class_ids: [21] }, 3)).toEqual({
      all_class: false,
      class_ids: [21],
    });
  });

  it('reads the API’s dates, ISO or the spec’s wall clock, into the inputs and back', () => {
    expect(inputOfDate('2026-12-01 08:30:00')).toBe('2026-12-01T08:30');
    const iso = new Date(2026, 11, 1, 8, 30).toISOString();
    expect(inputOfDate(iso)).toBe('2026-12-01T08:30');
    expect(dateOfInput('2026-12-01T08:30')).toBe(iso);
    expect(inputOfDate(null)).toBe('');
  });

  it('reads a saved task with peer assessment and chosen classes back into the form', () => {
    const task = {
      id: '5',
      name: 'Project',
      description: null,
      start_at: '2026-12-01 08:00:00',
      end_at: '2026-12-08 08:00:00',
      files: [],
      is_active: true,
      file_required: true,
      is_lateable: false,
      taskable_type: 'module',
      taskable_id: 31,
      course_id: 3,
      assesment_method: 'score',
      rubric: null,
      tasks_type: 'GROUP',
      student_percentage: 30,
      lecturer_percentage: 70,
      is_assesment_open: true,
      show_score: false,
      passing_grade: 55,
      all_class: false,
      class_ids: [21],
    } as unknown as Task;
    expect(draftOf(task)).toMatchObject({
      peer_assessment: true,
      student_percentage: '30',
      lecturer_percentage: '70',
      passing_grade: '55',
      taskable_id: '31',
      class_ids: [21],
      file_required: true,
    });
  });
});
