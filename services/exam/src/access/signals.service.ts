import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { forbidden, notFound, tooManyRequests } from '@lms/jsonapi';
import { MonitorFeed } from '../attempts/monitor-feed';
import { GradingAccess } from '../grading/grading-access';
import { AttemptSignal, type SignalKind } from './attempt-signal.entity';

/** Signals one attempt may report per minute, and in all; more are refused (429), not stored. */
export const SIGNALS_PER_MINUTE = 30;
export const SIGNALS_PER_ATTEMPT = 1000;

interface AttemptRow {
  exam_id: string;
  running: boolean;
}

/**
 * Proctoring signals of attempts: reported by the student's own running attempt, counted in the
 * monitor's projection (`attempt_progress.signals`), listed to the exam's staff. A signal is a
 * fact for an invigilator to look at, never a penalty.
 */
@Injectable()
export class SignalsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly grading: GradingAccess,
    private readonly feed: MonitorFeed,
  ) {}

  /** Records a signal of the caller's running attempt (404: not theirs; 403 `closed`: it ended). */
  async record(
    auth: AuthContext,
    studentExamId: number,
    input: { kind: SignalKind; at?: Date | null },
  ): Promise<AttemptSignal> {
    return this.dataSource.transaction(async (manager) => {
      const [attempt]: AttemptRow[] = await manager.query(
        `SELECT exam_id, NOT is_finished AND NOT is_stopped AND (end_at IS NULL OR end_at > now()) AS running
         FROM student_exams WHERE id = $1 AND tenant_id = $2 AND student_id = $3`,
        [studentExamId, auth.tenantId, auth.userId],
      );
      if (!attempt) throw notFound('Attempt not found');
      if (!attempt.running) throw forbidden('This attempt has ended', 'closed');
      // One attempt's signals are counted one after the other (its monitor row is locked).
      await manager.query(`SELECT 1 FROM attempt_progress WHERE student_exam_id = $1 FOR UPDATE`, [
        studentExamId,
      ]);
      const [{ recent, total }]: Array<{ recent: number; total: number }> = await manager.query(
        `SELECT count(*) FILTER (WHERE received_at > now() - interval '1 minute')::int AS recent,
                count(*)::int AS total
         FROM attempt_signals WHERE student_exam_id = $1`,
        [studentExamId],
      );
      if (total >= SIGNALS_PER_ATTEMPT)
        throw tooManyRequests(
          `This attempt has reported ${SIGNALS_PER_ATTEMPT} signals, the most it may`,
          60,
        );
      if (recent >= SIGNALS_PER_MINUTE)
        throw tooManyRequests(`At most ${SIGNALS_PER_MINUTE} signals a minute are recorded per attempt`, 60);
      const signal = await manager.save(
        manager.create(AttemptSignal, {
          tenantId: auth.tenantId,
          studentExamId,
          kind: input.kind,
          clientAt: input.at ?? null,
        }),
      );
      await manager.query(`UPDATE attempt_progress SET signals = signals + 1 WHERE student_exam_id = $1`, [
        studentExamId,
      ]);
      this.feed.touchedIn(manager, [studentExamId]);
      return signal;
    });
  }

  /** The signals of an attempt, oldest first, for the exam's staff. */
  async list(auth: AuthContext, studentExamId: number): Promise<AttemptSignal[]> {
    const [attempt]: Array<{ exam_id: string }> = await this.dataSource.query(
      `SELECT exam_id FROM student_exams WHERE id = $1 AND tenant_id = $2`,
      [studentExamId, auth.tenantId],
    );
    if (!attempt) throw notFound('Attempt not found');
    await this.grading.staffExam(auth, Number(attempt.exam_id));
    return this.dataSource.manager.find(AttemptSignal, {
      where: { studentExamId },
      order: { receivedAt: 'ASC', id: 'ASC' },
    });
  }
}
