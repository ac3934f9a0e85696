/**
 * The exam's settings as the editor's form holds them, what the form refuses before saving (the
 * texts are in `exam.problems.*`), and the update that sends only what changed (spec 02 §4:
 * an update sends the fields that were modified; `exams_type` is sent as `type`).
 */
import { inputOfWireDate } from '../courses/manage/courseDetails';
import { fromLocalInput } from '../courses/structure';
import { type Exam, FINAL_SCORE_TYPES, MOBILE_FLAGS } from './examTypes';
import { invalidIpEntries, ipEntriesOf } from './ipAddresses';

const SWITCHES = [
  'is_published',
  'is_show_score',
  'is_show_solution',
  'is_show_solution_directly',
  'is_back',
  'is_shuffle',
  'is_duration',
  'is_token',
  'is_restricted_ip',
  'is_safe',
  'is_mobile',
  ...MOBILE_FLAGS,
] as const;
export type SettingSwitch = (typeof SWITCHES)[number];

export interface ExamSettings extends Record<SettingSwitch, boolean> {
  name: string;
  exams_type: string;
  intro: string;
  start_at: string;
  end_at: string;
  duration: string;
  passing_grade: string;
  retry: string;
  final_score_type: string;
  /** One entry per line. */
  ip_whitelists: string;
}

export function settingsOf(exam: Exam): ExamSettings {
  const switches = Object.fromEntries(SWITCHES.map((key) => [key, Boolean(exam[key])])) as Record<
    SettingSwitch,
    boolean
  >;
  return {
    ...switches,
    name: exam.name ?? '',
    exams_type: exam.exams_type ?? '',
    intro: exam.intro ?? '',
    start_at: inputOfWireDate(exam.start_at),
    end_at: inputOfWireDate(exam.end_at),
    duration: exam.duration === null || exam.duration === undefined ? '' : String(exam.duration),
    passing_grade: String(exam.passing_grade ?? 0),
    retry: String(exam.retry ?? 0),
    final_score_type: exam.final_score_type ?? FINAL_SCORE_TYPES[0],
    ip_whitelists: (exam.ip_whitelists ?? []).join('\n'),
  };
}

/** A field the form refuses, and why (the key of its text under `exam.problems`). */
export interface SettingsProblem {
  field: keyof ExamSettings;
  problem:
    | 'nameRequired'
    | 'windowRequired'
    | 'endBeforeStart'
    | 'durationRequired'
    | 'durationLongerThanWindow'
    | 'passingGradeRange'
    | 'retryRange'
    | 'ipRequired'
    | 'ipInvalid';
  /** What the text names (the wrong IP entries). */
  values?: Record<string, string>;
}

const WHOLE = /^\d+$/;
const minutesBetween = (start: string, end: string) =>
  (new Date(end).getTime() - new Date(start).getTime()) / 60_000;

export function settingsProblems(draft: ExamSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  if (!draft.name.trim()) problems.push({ field: 'name', problem: 'nameRequired' });
  if (draft.is_published && (!draft.start_at || !draft.end_at)) {
    problems.push({ field: draft.start_at ? 'end_at' : 'start_at', problem: 'windowRequired' });
  }
  if (draft.start_at && draft.end_at && draft.end_at <= draft.start_at) {
    problems.push({ field: 'end_at', problem: 'endBeforeStart' });
  }
  if (draft.is_duration) {
    const duration = draft.duration.trim();
    if (!WHOLE.test(duration) || Number(duration) <= 0) {
      problems.push({ field: 'duration', problem: 'durationRequired' });
    } else if (
      draft.start_at &&
      draft.end_at &&
      draft.end_at > draft.start_at &&
      Number(duration) > minutesBetween(draft.start_at, draft.end_at)
    ) {
      problems.push({ field: 'duration', problem: 'durationLongerThanWindow' });
    }
  }
  const grade = draft.passing_grade.trim();
  if (!/^\d+(\.\d+)?$/.test(grade) || Number(grade) > 100) {
    problems.push({ field: 'passing_grade', problem: 'passingGradeRange' });
  }
  if (!WHOLE.test(draft.retry.trim())) problems.push({ field: 'retry', problem: 'retryRange' });
  if (draft.is_restricted_ip) {
    const wrong = invalidIpEntries(draft.ip_whitelists);
    if (wrong.length > 0) {
      problems.push({ field: 'ip_whitelists', problem: 'ipInvalid', values: { entries: wrong.join(', ') } });
    } else if (ipEntriesOf(draft.ip_whitelists).length === 0) {
      problems.push({ field: 'ip_whitelists', problem: 'ipRequired' });
    }
  }
  return problems;
}

/** The problem of one field, if any. */
export const problemOf = (problems: readonly SettingsProblem[], field: keyof ExamSettings) =>
  problems.find((problem) => problem.field === field);

/** The attributes of the update: only what differs from the exam, in the API's types. */
export function changedSettings(original: ExamSettings, draft: ExamSettings): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const text = (value: string) => value.trim() || null;
  if (draft.name.trim() !== original.name.trim()) changes.name = draft.name.trim();
  if (draft.exams_type !== original.exams_type) changes.type = text(draft.exams_type);
  if (draft.intro.trim() !== original.intro.trim()) changes.intro = text(draft.intro);
  for (const key of ['start_at', 'end_at'] as const) {
    if (draft[key] !== original[key]) changes[key] = draft[key] ? fromLocalInput(draft[key]) : null;
  }
  for (const key of ['duration', 'passing_grade', 'retry'] as const) {
    if (draft[key].trim() !== original[key].trim()) {
      changes[key] = draft[key].trim() === '' ? null : Number(draft[key].trim());
    }
  }
  if (draft.final_score_type !== original.final_score_type) changes.final_score_type = draft.final_score_type;
  const ips = ipEntriesOf(draft.ip_whitelists);
  if (ips.join('\n') !== ipEntriesOf(original.ip_whitelists).join('\n')) changes.ip_whitelists = ips;
  for (const key of SWITCHES) {
    if (draft[key] !== original[key]) changes[key] = draft[key];
  }
  return changes;
}
