/**
 * The task editor's form as it holds a task (spec 02 §3), what it refuses before saving (spec 02
 * §5, the texts under `task.staff.problems.*`) — the server checks the same and answers 422 with a
 * pointer — and the attributes a save sends (every field on create, what changed on update).
 */
import { toLocalInput } from '../../courses/structure';
import type {
  AssessmentMethod,
  Rubric,
  RubricCriterion,
  RubricTemplate,
  Task,
  TaskAttributes,
  TaskableType,
  TaskType,
} from '../taskTypes';

export interface TaskDraft {
  name: string;
  description: string;
  /** `YYYY-MM-DDTHH:mm`, the browser's local time, as a date-time input holds it. */
  start_at: string;
  end_at: string;
  is_active: boolean;
  file_required: boolean;
  is_lateable: boolean;
  show_score: boolean;
  passing_grade: string;
  taskable_type: TaskableType;
  taskable_id: string;
  assesment_method: AssessmentMethod;
  rubric: Rubric;
  tasks_type: TaskType;
  /** Peer assessment of a group task: both shares set, summing to 100. */
  peer_assessment: boolean;
  student_percentage: string;
  lecturer_percentage: string;
  is_assesment_open: boolean;
  all_class: boolean;
  class_ids: number[];
}

/** A date of the API (ISO 8601, or the spec's `YYYY-MM-DD HH:mm:ss`) as a date-time input holds it. */
export function inputOfDate(value: string | null | undefined): string {
  if (!value) return '';
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? '' : toLocalInput(date);
  }
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})/.exec(value);
  return match ? `${match[1]}T${match[2]}` : '';
}

/** A date-time input's value (local time) as the API takes it: ISO 8601 with its offset resolved. */
export function dateOfInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const levels = (names: string[], points: number[]) =>
  names.map((name, index) => ({ name, point: points[index] }));

/** A new criterion: four levels from 100 down to 25, weight to be set. */
export function newCriterion(name = '', weight = 0): RubricCriterion {
  return {
    name,
    description: '',
    weight,
    levels: levels(['Excellent', 'Good', 'Fair', 'Poor'], [100, 75, 50, 25]),
  };
}

/** Weights spread evenly over n criteria, whole numbers summing to 100 (the first take the rest). */
export function evenWeights(count: number): number[] {
  if (count <= 0) return [];
  const base = Math.floor(100 / count);
  const rest = 100 - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < rest ? 1 : 0));
}

export const emptyRubric = (): Rubric => ({ criteria: [newCriterion('', 100)] });

/** A copy of a template's rubric, so editing it leaves the template alone. */
export const rubricOfTemplate = (template: RubricTemplate): Rubric => structuredClone(template.rubric);

export function draftOf(task: Task): TaskDraft {
  const peer = task.student_percentage !== null && task.lecturer_percentage !== null;
  return {
    name: task.name ?? '',
    description: task.description ?? '',
    start_at: inputOfDate(task.start_at),
    end_at: inputOfDate(task.end_at),
    is_active: Boolean(task.is_active),
    file_required: Boolean(task.file_required),
    is_lateable: Boolean(task.is_lateable),
    show_score: Boolean(task.show_score),
    passing_grade: String(task.passing_grade ?? 0),
    taskable_type: task.taskable_type,
    taskable_id: String(task.taskable_id ?? ''),
    assesment_method: task.assesment_method ?? 'score',
    rubric: task.rubric ? structuredClone(task.rubric) : emptyRubric(),
    tasks_type: task.tasks_type ?? 'PERSONAL',
    peer_assessment: peer,
    student_percentage: peer ? String(task.student_percentage) : '',
    lecturer_percentage: peer ? String(task.lecturer_percentage) : '',
    is_assesment_open: Boolean(task.is_assesment_open),
    all_class: task.all_class ?? true,
    class_ids: (task.class_ids ?? task.classes?.map((item) => Number(item.id)) ?? []).map(Number),
  };
}

/** A new task of a module or an activity: open from now for a week, scored by a number. */
export function newDraft(taskable: { type: TaskableType; id: string }, now = new Date()): TaskDraft {
  const end = new Date(now.getTime() + 7 * 24 * 3600_000);
  end.setHours(23, 59, 0, 0);
  return {
    name: '',
    description: '',
    start_at: toLocalInput(now),
    end_at: toLocalInput(end),
    is_active: true,
    file_required: false,
    is_lateable: false,
    show_score: false,
    passing_grade: '0',
    taskable_type: taskable.type,
    taskable_id: taskable.id,
    assesment_method: 'score',
    rubric: emptyRubric(),
    tasks_type: 'PERSONAL',
    peer_assessment: false,
    student_percentage: '',
    lecturer_percentage: '',
    is_assesment_open: false,
    all_class: true,
    class_ids: [],
  };
}

/** A field the form refuses, and why (the key of its text under `task.staff.problems`). */
export interface TaskProblem {
  /** The field, or `rubric.<criterion>[.<level>]` for a part of the rubric. */
  field: string;
  problem:
    | 'nameRequired'
    | 'windowRequired'
    | 'endBeforeStart'
    | 'passingGradeRange'
    | 'taskableRequired'
    | 'percentageRange'
    | 'percentagesSum'
    | 'classesRequired'
    | 'criteriaRequired'
    | 'criterionName'
    | 'levelsRequired'
    | 'levelName'
    | 'pointRange'
    | 'weightsSum';
  values?: Record<string, string | number>;
}

const NUMBER = /^\d+(\.\d+)?$/;
const inRange = (value: string) => NUMBER.test(value.trim()) && Number(value.trim()) <= 100;

/** Sum of the rubric's weights, to two decimals. */
export const weightSum = (rubric: Rubric) =>
  Math.round(rubric.criteria.reduce((sum, criterion) => sum + (Number(criterion.weight) || 0), 0) * 100) /
  100;

export function rubricProblems(rubric: Rubric): TaskProblem[] {
  const problems: TaskProblem[] = [];
  if (rubric.criteria.length === 0) return [{ field: 'rubric', problem: 'criteriaRequired' }];
  rubric.criteria.forEach((criterion, c) => {
    if (!criterion.name.trim()) problems.push({ field: `rubric.${c}`, problem: 'criterionName' });
    if (criterion.levels.length < 2) problems.push({ field: `rubric.${c}`, problem: 'levelsRequired' });
    criterion.levels.forEach((level, l) => {
      if (!level.name.trim()) problems.push({ field: `rubric.${c}.${l}`, problem: 'levelName' });
      const point = Number(level.point);
      if (!Number.isFinite(point) || point < 0 || point > 100) {
        problems.push({ field: `rubric.${c}.${l}`, problem: 'pointRange' });
      }
    });
  });
  const sum = weightSum(rubric);
  if (sum !== 100) problems.push({ field: 'rubric', problem: 'weightsSum', values: { sum } });
  return problems;
}

export function taskProblems(draft: TaskDraft): TaskProblem[] {
  const problems: TaskProblem[] = [];
  if (!draft.name.trim()) problems.push({ field: 'name', problem: 'nameRequired' });
  if (!draft.start_at || !draft.end_at) {
    problems.push({ field: draft.start_at ? 'end_at' : 'start_at', problem: 'windowRequired' });
  } else if (draft.end_at <= draft.start_at) {
    problems.push({ field: 'end_at', problem: 'endBeforeStart' });
  }
  if (!inRange(draft.passing_grade)) problems.push({ field: 'passing_grade', problem: 'passingGradeRange' });
  if (!draft.taskable_id) problems.push({ field: 'taskable_id', problem: 'taskableRequired' });
  if (!draft.all_class && draft.class_ids.length === 0) {
    problems.push({ field: 'class_ids', problem: 'classesRequired' });
  }
  if (draft.tasks_type === 'GROUP' && draft.peer_assessment) {
    const shares = ['student_percentage', 'lecturer_percentage'] as const;
    const wrong = shares.filter((key) => !inRange(draft[key]));
    wrong.forEach((key) => problems.push({ field: key, problem: 'percentageRange' }));
    if (wrong.length === 0 && Number(draft.student_percentage) + Number(draft.lecturer_percentage) !== 100) {
      problems.push({ field: 'lecturer_percentage', problem: 'percentagesSum' });
    }
  }
  if (draft.assesment_method === 'rubric') problems.push(...rubricProblems(draft.rubric));
  return problems;
}

/** The problem of one field, if any. */
export const problemOf = (problems: readonly TaskProblem[], field: string) =>
  problems.find((problem) => problem.field === field);

/** The rubric as the API takes it: numbers as numbers, names trimmed, empty descriptions left out. */
function rubricOut(rubric: Rubric): Rubric {
  return {
    criteria: rubric.criteria.map((criterion) => ({
      name: criterion.name.trim(),
      ...(criterion.description?.trim() ? { description: criterion.description.trim() } : {}),
      weight: Number(criterion.weight),
      levels: criterion.levels.map((level) => ({
        name: level.name.trim(),
        point: Number(level.point),
        ...(level.description?.trim() ? { description: level.description.trim() } : {}),
      })),
    })),
  };
}

/** Every attribute of the draft, in the API's types. */
export function attributesOf(draft: TaskDraft, courseId: number): TaskAttributes {
  const peer = draft.tasks_type === 'GROUP' && draft.peer_assessment;
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    start_at: dateOfInput(draft.start_at),
    end_at: dateOfInput(draft.end_at),
    is_active: draft.is_active,
    file_required: draft.file_required,
    is_lateable: draft.is_lateable,
    show_score: draft.show_score,
    passing_grade: Number(draft.passing_grade.trim()),
    course_id: courseId,
    taskable_type: draft.taskable_type,
    taskable_id: Number(draft.taskable_id),
    assesment_method: draft.assesment_method,
    rubric: draft.assesment_method === 'rubric' ? rubricOut(draft.rubric) : null,
    tasks_type: draft.tasks_type,
    student_percentage: peer ? Number(draft.student_percentage) : null,
    lecturer_percentage: peer ? Number(draft.lecturer_percentage) : null,
    is_assesment_open: peer && draft.is_assesment_open,
    all_class: draft.all_class,
    class_ids: draft.all_class ? [] : draft.class_ids,
  };
}

/** What an update sends: the attributes that differ from the saved task's. */
export function changedAttributes(original: TaskDraft, draft: TaskDraft, courseId: number): TaskAttributes {
  const before = attributesOf(original, courseId) as Record<string, unknown>;
  const after = attributesOf(draft, courseId) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  ) as TaskAttributes;
}
