/**
 * What the exam service answers a student who takes an exam (issue 13, the shared contract of the
 * taking endpoints): the lobby's meta, the attempt, its questions as the student sees them (never
 * points, exact answers, formulas or solutions while it runs) and the result the visibility rules
 * allow.
 */
import type { ResourceOf } from '../../api/types';
import type { QuestionType } from '../examTypes';
import type { AnswerValue } from './outbox';

/** Why `GET /exam/exams/{id}/generate` refuses a start (its 403's `code`). */
export type RefusalCode =
  | 'not_open_yet'
  | 'closed'
  | 'not_in_class'
  | 'no_retries_left'
  | 'token_required'
  | 'ip_not_allowed'
  | 'safe_exam_browser_required';

/** A reason a start is refused: its code and what the student can do about it. */
export interface Refusal {
  code: RefusalCode | string;
  detail?: string | null;
}

/** One attempt of a student (`studentexams`). */
export interface StudentExam {
  id: string;
  exam_id: number;
  student_id: number;
  attempt: number;
  package: number;
  is_finished: boolean;
  is_stopped: boolean;
  start_at: string | null;
  /** The attempt's deadline (the window's end or start + duration, whichever is first). */
  end_at: string | null;
  finished_at: string | null;
  current_index: number | null;
  score: number | string | null;
  is_passed: boolean | null;
  studentquestions?: StudentQuestion[];
}

/** An option of a choice question, as the student sees it. */
export interface StudentOption {
  id: string | number;
  index: number;
  answer: string | null;
}

/** A question of an attempt, in the student's order. */
export interface StudentQuestion {
  id: string;
  index: number;
  flagged: boolean;
  answered: boolean;
  seq: number | null;
  answer: AnswerValue;
  question: {
    question: string | null;
    questions_type: QuestionType;
    weight: number | string | null;
    files?: unknown;
    answers: StudentOption[];
  };
}

/** The lobby (`GET /exam/exams/{id}/take`'s meta). */
export interface TakeMeta {
  attempt: StudentExam | null;
  retries_left: number | null;
  can_start: boolean;
  /** Why a start is refused now, each with the service's words. */
  reasons: Refusal[];
  needs_token: boolean;
  token_validated: boolean;
  is_safe: boolean;
  server_time: string | number | null;
}

/** The exam as the lobby shows it. */
export interface TakeExam {
  id: string;
  name: string | null;
  intro?: string | null;
  start_at: string | null;
  end_at: string | null;
  is_duration?: boolean | null;
  duration?: number | null;
  retry?: number | null;
  is_back?: boolean | null;
  is_shuffle?: boolean | null;
  is_token?: boolean | null;
  is_safe?: boolean | null;
  passing_grade?: number | string | null;
  is_show_score?: boolean | null;
  course?: { id: string; name?: string | null } | null;
}

export interface Take {
  exam: TakeExam;
  meta: TakeMeta;
  /** `Date.now()` when the answer arrived: the server's clock is `server_time` at that moment. */
  receivedAt: number;
}

/** `GET /exam/studentexams/{id}/result`: what the rules let the caller see of a finished attempt. */
export type AttemptResult = ResourceOf<'/api/exam/studentexams/{id}/result'>;

/** One question of a result: the answer, its score (0–100, null while hidden or ungraded), the solution when shown. */
export type ResultQuestion = AttemptResult['questions'][number];
