import type { AcademicClass } from './academic-system';

/** A student's place in a class of the course. */
export interface Membership {
  class_id: number;
  user_id: number;
}

/** A student of the academic system's roster who is no student of the campus here. */
export interface UnmatchedStudent {
  nim: string;
  name: string | null;
  class_name: string;
}

export interface RosterInput {
  /** The academic system's classes with their students. */
  classes: readonly AcademicClass[];
  /** The LMS class id of each of those classes, by name. */
  classIds: ReadonlyMap<string, number>;
  /** The campus's student accounts by NIM (more than one: ambiguous, not matched). */
  usersByNim: ReadonlyMap<string, readonly number[]>;
  /** The course's memberships now. */
  members: readonly Membership[];
}

export interface RosterPlan {
  /** Memberships to drop: in a synced class but not placed there, or placed in another class. */
  removed: Membership[];
  /** Memberships to add, ordered by class then user. */
  added: Membership[];
  /** How many students the academic system places (matched ones). */
  placed: number;
  unmatchedStudents: UnmatchedStudent[];
}

/**
 * The roster diff of an academic sync, without the database: the classes it lists get exactly
 * their matched students; a student it places is taken out of any other class of the course;
 * classes it does not list keep their other students.
 */
export function planRoster({ classes, classIds, usersByNim, members }: RosterInput): RosterPlan {
  /** Where the academic system puts each matched student: user id → class id. */
  const wanted = new Map<number, number>();
  const unmatchedStudents: UnmatchedStudent[] = [];
  for (const item of classes) {
    for (const student of item.students) {
      const ids = usersByNim.get(student.nim) ?? [];
      if (ids.length === 1) wanted.set(ids[0], classIds.get(item.name)!);
      else unmatchedStudents.push({ nim: student.nim, name: student.name, class_name: item.name });
    }
  }
  const synced = new Set(classes.map((item) => classIds.get(item.name)!));
  const removed = members.filter((member) =>
    synced.has(member.class_id) ? wanted.get(member.user_id) !== member.class_id : wanted.has(member.user_id),
  );
  const present = new Set(members.map((member) => `${member.class_id}:${member.user_id}`));
  const added: Membership[] = [...wanted]
    .filter(([userId, classId]) => !present.has(`${classId}:${userId}`))
    .map(([user_id, class_id]) => ({ class_id, user_id }))
    .sort((a, b) => a.class_id - b.class_id || a.user_id - b.user_id);
  return { removed, added, placed: wanted.size, unmatchedStudents };
}
