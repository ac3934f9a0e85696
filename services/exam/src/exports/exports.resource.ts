import { attributes, defineResource, field, z } from '@lms/jsonapi';
import { EXPORT_KINDS } from './exam-export.entity';
import type { ExportLink } from './exports.service';

/** `POST /v2/exam/exams/results`: the exam whose results to export. */
export const resultsExportRules = attributes({ exam_id: field.id() });

/** `POST /v2/exam/exams/results/questions`: the exam, and one attempt of it or every attempt. */
export const answersExportRules = attributes({
  exam_id: field.id(),
  student_exam_id: field.id().nullable().optional(),
});

/** A stored export of an exam and a link that downloads it for the next few minutes. */
export const examExportResource = defineResource({
  name: 'ExamExport',
  type: 'exam-exports',
  id: (link: ExportLink) => link.record.id,
  schema: {
    exam_id: z.number(),
    student_exam_id: z.number().nullable(),
    kind: z.enum(EXPORT_KINDS),
    filename: z.string(),
    size: z.number(),
    created_at: z.date(),
    downloadUrl: z.string(),
  },
  attributes: (link: ExportLink) => ({
    exam_id: Number(link.record.examId),
    student_exam_id: link.record.studentExamId === null ? null : Number(link.record.studentExamId),
    kind: link.record.kind,
    filename: link.record.filename,
    size: link.record.size,
    created_at: link.record.createdAt,
    downloadUrl: link.downloadUrl,
  }),
});
