import { defineResource, z } from '@lms/jsonapi';
import type { ImportReport } from './user-imports.service';

const ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;

/** What an import of users did, or in a dry run would do, row by row. */
export const userImportResource = defineResource({
  name: 'UserImport',
  type: 'user-imports',
  id: (report: ImportReport) => report.id,
  schema: {
    /** True: nothing was changed, the rows say what an import would do. */
    dry_run: z.boolean(),
    /** How many rows of each action. */
    counts: z.object({
      create: z.number(),
      update: z.number(),
      unchanged: z.number(),
      error: z.number(),
    }),
    /** Every row holding a user, in the file's order; `row` as the spreadsheet numbers it. */
    rows: z.array(
      z.object({
        row: z.number(),
        username: z.string().nullable(),
        action: z.enum(ACTIONS),
        /** The columns an update changes. */
        changes: z.array(z.string()),
        problems: z.array(z.object({ column: z.string(), reason: z.string() })),
      }),
    ),
  },
  attributes: (report: ImportReport) => ({
    dry_run: report.dryRun,
    counts: report.counts,
    rows: report.rows,
  }),
});
