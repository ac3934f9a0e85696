import { z } from '@lms/jsonapi';
import type { SyncOutcome } from './sync.service';

/** The `meta` of a sync's answer (`syncMeta`). */
export const SYNC_META = z.object({
  changed: z.boolean(),
  course_created: z.boolean(),
  course_updated: z.boolean(),
  classes_created: z.int(),
  students_added: z.int(),
  students_removed: z.int(),
  students_total: z.int(),
  unmatched_students: z.array(
    z.object({ nim: z.string(), name: z.string().nullable(), class_name: z.string() }),
  ),
  unmatched_lecturer: z.string().nullable(),
});

/** What a sync changed and whom it could not match, as the `meta` of its answer. */
export function syncMeta(outcome: SyncOutcome): z.output<typeof SYNC_META> {
  return {
    changed:
      outcome.courseCreated ||
      outcome.courseUpdated ||
      outcome.classesCreated > 0 ||
      outcome.studentsAdded > 0 ||
      outcome.studentsRemoved > 0,
    course_created: outcome.courseCreated,
    course_updated: outcome.courseUpdated,
    classes_created: outcome.classesCreated,
    students_added: outcome.studentsAdded,
    students_removed: outcome.studentsRemoved,
    students_total: outcome.studentsTotal,
    unmatched_students: outcome.unmatchedStudents,
    unmatched_lecturer: outcome.unmatchedLecturer,
  };
}
