import { createHash } from 'node:crypto';

/** How `generate` sizes the groups: groups of about `studentCount` students, or `groupCount` groups. */
export type GroupSizing = { studentCount: number } | { groupCount: number };

/** Why a set cannot be generated (the caller turns it into a 422 on the field at fault). */
export class GroupPlanError extends Error {
  constructor(
    readonly field: 'student_count' | 'group_count' | 'course_id',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The default seed of a set: the same course and set name shuffle the same way until the
 * lecturer asks for another seed (docs/architecture.md, "Groups of a course").
 */
export function defaultSeed(courseId: number, type: string): string {
  return `${courseId}:${type}`;
}

/** mulberry32 over the first 32 bits of SHA-256(seed): a small, well-mixed PRNG in [0, 1). */
function random(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The students (ids) shuffled by the seed: sorted first, so the result depends only on who they
 * are and the seed, never on the order the database returned them in (Fisher–Yates).
 */
export function shuffle(studentIds: readonly number[], seed: string): number[] {
  const ids = [...new Set(studentIds)].sort((a, b) => a - b);
  const next = random(seed);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

/**
 * The sizes of the groups for `total` students. By `groupCount`: that many groups whose sizes
 * differ by at most one. By `studentCount`: as many full groups of that size as fit, the
 * remainder spread one by one over them (so a group is never smaller than asked, and sizes differ
 * by at most one); fewer students than one group holds make one smaller group. No students, or
 * more groups than students, is refused: a set of empty groups helps nobody.
 */
export function groupSizes(total: number, sizing: GroupSizing): number[] {
  if (total === 0) throw new GroupPlanError('course_id', 'The course has no students to put in groups');
  const count =
    'groupCount' in sizing ? sizing.groupCount : Math.max(1, Math.floor(total / sizing.studentCount));
  if (count > total)
    throw new GroupPlanError(
      'group_count',
      `group_count (${count}) is more than the course's ${total} student${total === 1 ? '' : 's'}`,
    );
  const base = Math.floor(total / count);
  const extra = total % count;
  return Array.from({ length: count }, (_, index) => base + (index < extra ? 1 : 0));
}

/** One planned group: its name and members, the first of whom leads it. */
export interface PlannedGroup {
  name: string;
  memberIds: number[];
}

/** The groups of a generated set: shuffled students cut by `groupSizes`, named `<name> 1…n`. */
export function planGroups(
  studentIds: readonly number[],
  sizing: GroupSizing,
  seed: string,
  name: string,
): PlannedGroup[] {
  const shuffled = shuffle(studentIds, seed);
  const sizes = groupSizes(shuffled.length, sizing);
  let start = 0;
  return sizes.map((size, index) => {
    const memberIds = shuffled.slice(start, start + size);
    start += size;
    return { name: `${name} ${index + 1}`, memberIds };
  });
}
