/**
 * Who sees scores (spec 02 §3 `show_score`, enforced by the server): the course's staff always,
 * students only once the task shows scores. Every read path of answers, groups and students
 * passes what it answers through here.
 */

/** Whether the viewer may see scores of the task. */
export function scoresVisible(task: { showScore: boolean }, viewerIsStaff: boolean): boolean {
  return viewerIsStaff || task.showScore;
}

/** The grading fields of an answer (TaskAnswer's property names). */
interface Grading {
  score?: number | null;
  rubrics?: unknown;
  scoredAt?: Date | null;
  scoredBy?: number | null;
}

/**
 * The answer as the viewer may see it: its score, rubric levels and who scored it when, or all
 * of them null while scores are hidden from the viewer (a copy; the argument is not changed).
 */
export function withVisibleGrading<T extends Grading>(answer: T, visible: boolean): T {
  if (visible) return answer;
  const hidden: T = { ...answer };
  if ('score' in hidden) hidden.score = null;
  if ('rubrics' in hidden) hidden.rubrics = null;
  if ('scoredAt' in hidden) hidden.scoredAt = null;
  if ('scoredBy' in hidden) hidden.scoredBy = null;
  return hidden;
}
