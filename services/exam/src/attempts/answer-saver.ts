import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, forbidden, notFound, serviceUnavailable, unprocessable } from '@lms/jsonapi';
import { sanitizeRichText } from '@lms/richtext';
import { isAnswered, readAnswer, type StoredAnswer } from '../domain/attempt';
import { AttemptsService } from './attempts.service';
import { ExamContentCache } from './exam-content.cache';
import { MicroBatcher } from './micro-batcher';
import { MonitorFeed } from './monitor-feed';

/**
 * Saves still accepted this long after an attempt's deadline: a save the student sent in its
 * last second may arrive a moment later. The sweeper finishes attempts after it too.
 */
export const SAVE_GRACE_SECONDS = 5;

/** One save: an answer with its client sequence number, a flag, or both. */
export interface SaveItem {
  studentQuestionId: number;
  studentExamId: number;
  /** undefined: the save carries no answer (a flag only); null: the answer is cleared. */
  answer?: StoredAnswer | null;
  seq?: number;
  flagged?: boolean;
}

/** What a save did: the stored (highest) sequence and time, or the attempt was over. */
export type SaveOutcome =
  | { status: 'saved'; seq: number | null; savedAt: Date | null; flagged: boolean; answered: boolean }
  | { status: 'closed' };

/** What a save reply shows. */
export interface SavedAnswer {
  studentQuestionId: number;
  seq: number | null;
  savedAt: Date | null;
  flagged: boolean;
  answered: boolean;
}

/** The facts of a student question that never change: its attempt, question, student, exam. */
interface Owner {
  studentExamId: number;
  questionId: number;
  studentId: number;
  examId: number;
  tenantId: number;
}

const MAX_OWNERS = 200_000;

/**
 * Answer saves (`PATCH /exam/studentquestions/{id}`): checked per question type, then written in
 * micro-batches — concurrent saves within {@link SaveBatchOptions.maxWaitMs} go into one
 * transaction with one multi-row upsert in which the highest sequence number wins — and each
 * acknowledged only after that transaction committed. The attempts of a batch are locked
 * `FOR KEY SHARE`, so a finish (which locks its attempt `FOR UPDATE`) waits for the batch and the
 * batch's later saves find the attempt finished: every acknowledged save is in the graded attempt.
 */
@Injectable()
export class AnswerSaver {
  private readonly owners = new Map<number, Owner>();
  readonly batcher: MicroBatcher<SaveItem, SaveOutcome>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: ExamContentCache,
    private readonly attempts: AttemptsService,
    feed: MonitorFeed,
  ) {
    this.batcher = new MicroBatcher(
      async (items) => {
        const outcomes = await this.write(items);
        // committed: the monitor's rows of these attempts changed
        feed.touched(items.map((item) => item.studentExamId));
        return outcomes;
      },
      {
        maxWaitMs: 5,
        maxItems: 500,
        maxInFlight: 4,
      },
    );
  }

  /** Checks and saves one student's change of one question; answers after COMMIT. */
  async save(
    auth: AuthContext,
    studentQuestionId: number,
    input: { answer?: unknown; seq?: number; flagged?: boolean },
  ): Promise<SavedAnswer> {
    const owner = await this.owner(studentQuestionId);
    if (!owner || owner.tenantId !== auth.tenantId || owner.studentId !== auth.userId)
      throw notFound('Question not found');
    const item: SaveItem = { studentQuestionId, studentExamId: owner.studentExamId, flagged: input.flagged };
    if (input.answer !== undefined) {
      if (input.seq === undefined)
        throw unprocessable([{ pointer: attributePointer('seq'), detail: 'seq is required with an answer' }]);
      const content = await this.cache.get(owner.examId);
      const question = content?.questions.get(owner.questionId);
      if (!question) throw forbidden('The question was removed from the exam', 'closed');
      const read = readAnswer(
        question.type,
        question.options.map((option) => option.index),
        input.answer,
        sanitizeRichText,
      );
      if ('issue' in read)
        throw unprocessable([
          { pointer: attributePointer(['answer', ...read.issue.path]), detail: read.issue.detail },
        ]);
      item.answer = isAnswered(read.answer) ? read.answer : null;
      item.seq = input.seq;
    } else if (input.flagged === undefined)
      throw unprocessable([
        { pointer: attributePointer('answer'), detail: 'send an answer (with its seq) or flagged' },
      ]);
    let outcome: SaveOutcome;
    try {
      outcome = await this.batcher.submit(item);
    } catch {
      throw serviceUnavailable('The answer was not saved: send it again');
    }
    if (outcome.status === 'closed') {
      await this.attempts.finishIfOverdue(owner.studentExamId);
      throw forbidden('The time for this exam is over: the answer was not saved', 'closed');
    }
    return { studentQuestionId, ...outcome };
  }

  private async owner(studentQuestionId: number): Promise<Owner | undefined> {
    const known = this.owners.get(studentQuestionId);
    if (known) return known;
    const [row]: Array<Record<string, string>> = await this.dataSource.query(
      `SELECT sq.student_exam_id, sq.question_id, se.student_id, se.exam_id, se.tenant_id
         FROM student_questions sq JOIN student_exams se ON se.id = sq.student_exam_id
        WHERE sq.id = $1`,
      [studentQuestionId],
    );
    if (!row) return undefined;
    const owner: Owner = {
      studentExamId: Number(row.student_exam_id),
      questionId: Number(row.question_id),
      studentId: Number(row.student_id),
      examId: Number(row.exam_id),
      tenantId: Number(row.tenant_id),
    };
    if (this.owners.size >= MAX_OWNERS) this.owners.clear();
    this.owners.set(studentQuestionId, owner);
    return owner;
  }

  /**
   * One batch, one call of `save_answer_batch` (migration SaveAnswerBatch1795503505009): one
   * round trip and one transaction — the live attempts locked, one upsert in which the highest
   * seq of each question wins, the flags, the progress rows recounted — answered after COMMIT.
   */
  private async write(items: SaveItem[]): Promise<SaveOutcome[]> {
    // One row per question: its highest seq of the batch (one upsert may not touch a row twice)
    // and its last flag.
    const byQuestion = new Map<number, { item: SaveItem; flagged?: boolean }>();
    for (const item of items) {
      const known = byQuestion.get(item.studentQuestionId);
      if (!known) {
        byQuestion.set(item.studentQuestionId, { item, flagged: item.flagged });
        continue;
      }
      if (item.seq !== undefined && (known.item.seq === undefined || known.item.seq < item.seq))
        known.item = item;
      if (item.flagged !== undefined) known.flagged = item.flagged;
    }
    const rows = [...byQuestion.values()];
    const stored: Array<{
      question_id: string;
      attempt_live: boolean;
      flagged: boolean | null;
      seq: string | null;
      saved_at: Date | null;
      answered: boolean;
    }> = await this.dataSource.query(
      `SELECT * FROM save_answer_batch($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::boolean[], $6::float8)`,
      [
        rows.map(({ item }) => item.studentQuestionId),
        rows.map(({ item }) => item.studentExamId),
        rows.map(({ item }) => (item.answer == null ? null : JSON.stringify(item.answer))),
        rows.map(({ item }) => item.seq ?? null),
        rows.map(({ flagged }) => flagged ?? null),
        SAVE_GRACE_SECONDS,
      ],
    );
    const byId = new Map(stored.map((row) => [Number(row.question_id), row]));
    return items.map((item): SaveOutcome => {
      const row = byId.get(item.studentQuestionId);
      if (!row || !row.attempt_live || row.flagged === null) return { status: 'closed' };
      return {
        status: 'saved',
        seq: row.seq === null ? null : Number(row.seq),
        savedAt: row.saved_at,
        flagged: row.flagged,
        answered: row.answered,
      };
    });
  }
}
