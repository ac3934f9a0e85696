import { defineResource, z } from '@lms/jsonapi';
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
