import type { EntityManager } from 'typeorm';
import type { GradeableType } from './gradebook.entity';
import type { GradebookColumn } from './gradebook.resource';
import { COLUMNS_SQL, GRADEABLE_SOURCES } from './gradebook.sources';

/**
 * The gradebook's columns of a course: every gradeable (exams, tasks, forms, custom activities,
 * each by creation), with its weight (percentage 0 and `grade_id` null when it has none).
 */
export async function columnsOf(
  manager: EntityManager,
  tenantId: number,
  courseId: number,
): Promise<GradebookColumn[]> {
  const rows: Array<{
    gradeable_type: GradeableType;
    gradeable_id: number;
    title: string;
    grade_id: number | null;
    percentage: string;
  }> = await manager.query(
    `WITH columns AS (${COLUMNS_SQL})
     SELECT c.gradeable_type, c.gradeable_id, c.title, g.id AS grade_id, coalesce(g.percentage, 0) AS percentage
       FROM columns c
       LEFT JOIN grades g ON g.course_id = $1 AND g.gradeable_type = c.gradeable_type AND g.gradeable_id = c.gradeable_id
      ORDER BY c.kind, c.gradeable_id`,
    [courseId, tenantId],
  );
  return rows.map((row) => ({
    key: `${row.gradeable_type}:${row.gradeable_id}`,
    gradeable_type: row.gradeable_type,
    gradeable_id: row.gradeable_id,
    title: row.title,
    percentage: Number(row.percentage),
    grade_id: row.grade_id,
  }));
}

/** The sum of a course's weights over its gradeables (a weight of a deleted one no longer counts). */
export function weightsTotalOf(columns: readonly GradebookColumn[]): number {
  return columns.reduce((sum, column) => sum + Math.round(column.percentage * 100), 0) / 100;
}

export async function weightsTotal(
  manager: EntityManager,
  tenantId: number,
  courseId: number,
): Promise<number> {
  return weightsTotalOf(await columnsOf(manager, tenantId, courseId));
}

/** The title of a gradeable of the course, or null when it is not one (or no longer). */
export async function gradeableTitle(
  manager: EntityManager,
  tenantId: number,
  courseId: number,
  type: GradeableType,
  id: number,
): Promise<string | null> {
  const source = GRADEABLE_SOURCES.find((candidate) => candidate.type === type);
  if (!source) return null;
  const [row]: Array<{ title: string }> = await manager.query(
    `SELECT c.title FROM (${source.columns}) c WHERE c.gradeable_id = $3`,
    [courseId, tenantId, id],
  );
  return row?.title ?? null;
}

/**
 * The final score (docs/gradebook.md): Σ score × percentage / 100 over the weighted gradeables, a
 * missing score counted as 0, rounded half up to two decimals — computed in hundredths, exactly.
 */
export function finalScore(
  columns: readonly GradebookColumn[],
  scores: Readonly<Record<string, number | null>>,
): number {
  let sum = 0; // in 1/10 000 of a point × 100
  for (const column of columns) {
    const score = scores[column.key];
    if (score === null || score === undefined || column.percentage === 0) continue;
    sum += Math.round(score * 100) * Math.round(column.percentage * 100);
  }
  return Math.floor((sum + 5_000) / 10_000) / 100;
}
