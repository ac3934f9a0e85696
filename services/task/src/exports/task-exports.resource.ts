import { defineResource, z } from '@lms/jsonapi';
import { EXPORT_STATUSES } from './task-export.entity';
import type { TaskExportView } from './task-exports.service';

/** An export of a task's answers (.zip): its progress, and once ready a link valid 5 minutes. */
export const taskExportResource = defineResource({
  name: 'TaskExport',
  type: 'task-exports',
  id: (view: TaskExportView) => view.record.id,
  schema: {
    task_id: z.number(),
    status: z.enum(EXPORT_STATUSES),
    filename: z.string().nullable(),
    size: z.number().nullable(),
    answer_count: z.number().nullable(),
    error: z.string().nullable(),
    created_at: z.date(),
    started_at: z.date().nullable(),
    finished_at: z.date().nullable(),
    download_url: z.string().nullable(),
  },
  attributes: ({ record, downloadUrl }: TaskExportView) => ({
    task_id: Number(record.taskId),
    status: record.status,
    filename: record.filename,
    size: record.size,
    answer_count: record.answerCount,
    error: record.error,
    created_at: record.createdAt,
    started_at: record.startedAt,
    finished_at: record.finishedAt,
    download_url: downloadUrl,
  }),
});
