/**
 * The arithmetic and choices of the submissions view: the score a typed value stands for ("" is 0, spec 02 §5), a rubric's score (Σ weight × point / 100), the
 * rows a search keeps, and the rows a bulk score applies to.
 */
import type { Rubric, RubricChoice, TaskStudent } from '../taskTypes';

/** A typed score as the API takes it: "" → 0; a number 0–100 (comma or point); else null. */
export function parseScore(typed: string): number | null {
  const value = typed.trim().replace(',', '.');
  if (value === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const score = Number(value);
  return score <= 100 ? score : null;
}

/** The point a choice gives: its own (a level with a range) or the level's. */
export function pointOf(rubric: Rubric, choice: RubricChoice): number {
  const level = rubric.criteria[choice.criterion]?.levels[choice.level];
  if (!level) return 0;
  return choice.point ?? level.point;
}

/**
 * The score of the levels chosen: Σ weight × point / 100 over the criteria, to two decimals; null
 * until every criterion has a level.
 */
export function rubricScore(rubric: Rubric, choices: readonly RubricChoice[]): number | null {
  if (rubric.criteria.length === 0) return null;
  let total = 0;
  for (let c = 0; c < rubric.criteria.length; c += 1) {
    const choice = choices.find((item) => item.criterion === c);
    if (!choice) return null;
    total += (Number(rubric.criteria[c].weight) * pointOf(rubric, choice)) / 100;
  }
  return Math.round(total * 100) / 100;
}

/** The rows whose student's name, username or group match every word searched. */
export function searchRows(rows: readonly TaskStudent[], search: string): TaskStudent[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const text = [row.student.name, row.student.username, row.group?.name ?? '', row.student.class ?? '']
      .join(' ')
      .toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The answers a bulk score applies to: each sent answer of the rows chosen, once (the members of a
 * group share their group's answer).
 */
export function answersToScore(rows: readonly TaskStudent[], chosen: ReadonlySet<string>) {
  const seen = new Set<string>();
  const answers: Array<{ id: string; name: string }> = [];
  for (const row of rows) {
    if (!chosen.has(row.id) || !row.answer?.is_sent) continue;
    const id = String(row.answer.id);
    if (seen.has(id)) continue;
    seen.add(id);
    answers.push({ id, name: row.group?.name ?? row.student.name });
  }
  return answers;
}
