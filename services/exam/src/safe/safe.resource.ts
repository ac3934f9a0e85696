import { defineResource, z } from '@lms/jsonapi';
import type { ExamSebConfig } from './exam-seb-config.entity';

/** The last `.seb` of an exam: what the invigilators need (the quit password) and what is checked. */
export const sebConfigResource = defineResource({
  name: 'ExamSebConfig',
  type: 'seb-configs',
  id: (config: ExamSebConfig) => config.examId,
  schema: {
    exam_id: z.number(),
    quit_password: z.string(),
    start_url: z.string(),
    config_key: z.string(),
    updated_at: z.date(),
  },
  attributes: (config: ExamSebConfig) => ({
    exam_id: Number(config.examId),
    quit_password: config.quitPassword,
    start_url: config.startUrl,
    config_key: config.configKey,
    updated_at: config.updatedAt,
  }),
});
