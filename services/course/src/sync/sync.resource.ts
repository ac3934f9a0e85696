import type { SyncOutcome } from './sync.service';

/** What a sync changed and whom it could not match, as the `meta` of its answer. */
export function syncMeta(outcome: SyncOutcome) {
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
