import { defineResource, z } from '@lms/jsonapi';
import { type AttemptSignal, SIGNAL_KINDS } from './attempt-signal.entity';
import type { ExamTokenGrant } from './exam-token-grant.entity';

/** A student's grant of an exam token: until when it lets them start, and whether it started an attempt. */
export const tokenGrantResource = defineResource({
  name: 'ExamTokenGrant',
  type: 'exam-token-grants',
  schema: {
    exam_id: z.int(),
    valid_until: z.date().nullable(),
    used_at: z.date().nullable(),
  },
  attributes: (grant: ExamTokenGrant) => ({
    exam_id: Number(grant.examId),
    valid_until: grant.validUntil,
    used_at: grant.usedAt,
  }),
});

/** A proctoring signal of an attempt: what, by the client's clock and by the server's. */
export const signalResource = defineResource({
  name: 'AttemptSignal',
  type: 'attempt-signals',
  schema: {
    student_exam_id: z.int(),
    kind: z.enum(SIGNAL_KINDS),
    at: z.date().nullable(),
    received_at: z.date(),
  },
  attributes: (signal: AttemptSignal) => ({
    student_exam_id: Number(signal.studentExamId),
    kind: signal.kind,
    at: signal.clientAt,
    received_at: signal.receivedAt,
  }),
});
