/**
 * Writes of the academic structure (periods, faculties, courses with their lecturers and classes)
 * shared by the admin API, `npm run structure`, the `.xlsx` import and approved course requests:
 * each checks its references within the campus, answers every problem at once, and records the
 * events the course service records for a course (`course.course.upserted`,
 * `course.staff.changed`) in the caller's transaction.
 */
import type { EntityManager } from 'typeorm';
import { attributePointer, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { recordCourseUpserted } from '../courses/course-snapshot.data';
import { Course } from '../courses/course.entity';
import { Period } from '../courses/period.entity';
import { Faculty } from '../faculties/faculty.entity';
import { recordStaffChanged } from '../staff/staff.data';

/** Who writes, in which campus: `userId` null for the command line. */
export interface Writer {
  tenantId: number;
  userId: number | null;
}

/** A problem of one field (`index`: which item of a list field), before it becomes a pointer or a column. */
export interface FieldIssue {
  field: string;
  index?: number;
  detail: string;
}

export const pointerOf = (issue: FieldIssue) =>
  attributePointer(issue.index === undefined ? issue.field : [issue.field, issue.index]);

/** The issues as one 422, one pointer each. */
export function refuse(issues: FieldIssue[]): never {
  throw unprocessable(
    issues.map((issue): ValidationIssue => ({ pointer: pointerOf(issue), detail: issue.detail })),
  );
}

/** Serializes writes that check uniqueness within a campus (`what` names the rule). */
async function lockCampus(manager: EntityManager, what: string, tenantId: number) {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${what}:${tenantId}`]);
}

export interface PeriodInput {
  name: string;
  year: number;
  period_type: string;
  is_active?: boolean;
}

async function periodIssues(
  manager: EntityManager,
  tenantId: number,
  year: number,
  type: string,
  except: number | null,
): Promise<FieldIssue[]> {
  const [twin]: Array<{ id: number; name: string }> = await manager.query(
    `SELECT id, name FROM periods WHERE tenant_id = $1 AND year = $2 AND upper(type) = $3 AND id <> $4 LIMIT 1`,
    [tenantId, year, type, except ?? 0],
  );
  return twin
    ? [
        {
          field: 'period_type',
          detail: `The campus has a period of ${year} ${type} already: ${twin.name} (id ${twin.id})`,
        },
      ]
    : [];
}

export async function createPeriod(
  manager: EntityManager,
  tenantId: number,
  input: PeriodInput,
): Promise<Period> {
  const type = input.period_type.toUpperCase();
  await lockCampus(manager, 'periods', tenantId);
  const issues = await periodIssues(manager, tenantId, input.year, type, null);
  if (issues.length > 0) refuse(issues);
  return manager.save(
    manager.create(Period, {
      tenantId,
      name: input.name,
      year: input.year,
      type,
      isActive: input.is_active ?? false,
    }),
  );
}

/**
 * Changes a period; when its name, year or type changes, every course of it is republished (the
 * other services know a course's period through `course.course.upserted`).
 */
export async function updatePeriod(
  manager: EntityManager,
  period: Period,
  changes: Partial<PeriodInput>,
  actorId: number | null,
): Promise<Period> {
  await lockCampus(manager, 'periods', period.tenantId);
  const next = {
    name: changes.name ?? period.name,
    year: changes.year ?? period.year,
    type: changes.period_type?.toUpperCase() ?? period.type,
    isActive: changes.is_active ?? period.isActive,
  };
  const issues = await periodIssues(manager, period.tenantId, next.year, next.type, period.id);
  if (issues.length > 0) refuse(issues);
  const shown = next.name !== period.name || next.year !== period.year || next.type !== period.type;
  Object.assign(period, next);
  const saved = await manager.save(period);
  if (shown) {
    const courses: Array<{ id: number }> = await manager.query(
      `SELECT id FROM courses WHERE period_id = $1 ORDER BY id`,
      [period.id],
    );
    if (courses.length > 0) await recordCourseUpserted(manager, actorId, ...courses.map((row) => row.id));
  }
  return saved;
}

export interface FacultyInput {
  name: string;
  code?: string | null;
}

async function facultyIssues(
  manager: EntityManager,
  tenantId: number,
  name: string,
  code: string | null,
  except: number | null,
): Promise<FieldIssue[]> {
  const twins: Array<{ id: number; name: string; code: string | null }> = await manager.query(
    `SELECT id, name, code FROM faculties
      WHERE tenant_id = $1 AND id <> $4 AND (lower(name) = lower($2) OR lower(code) = lower($3))`,
    [tenantId, name, code, except ?? 0],
  );
  const issues: FieldIssue[] = [];
  const sameName = twins.find((twin) => twin.name.toLowerCase() === name.toLowerCase());
  if (sameName)
    issues.push({
      field: 'name',
      detail: `The campus has a faculty ${sameName.name} already (id ${sameName.id})`,
    });
  const sameCode =
    code === null ? undefined : twins.find((twin) => twin.code?.toLowerCase() === code.toLowerCase());
  if (sameCode)
    issues.push({
      field: 'code',
      detail: `The campus has a faculty with code ${sameCode.code} already: ${sameCode.name}`,
    });
  return issues;
}

export async function createFaculty(
  manager: EntityManager,
  tenantId: number,
  input: FacultyInput,
): Promise<Faculty> {
  await lockCampus(manager, 'faculties', tenantId);
  const issues = await facultyIssues(manager, tenantId, input.name, input.code ?? null, null);
  if (issues.length > 0) refuse(issues);
  return manager.save(manager.create(Faculty, { tenantId, name: input.name, code: input.code ?? null }));
}

export async function updateFaculty(
  manager: EntityManager,
  faculty: Faculty,
  changes: Partial<FacultyInput>,
) {
  await lockCampus(manager, 'faculties', faculty.tenantId);
  const name = changes.name ?? faculty.name;
  const code = changes.code === undefined ? faculty.code : changes.code;
  const issues = await facultyIssues(manager, faculty.tenantId, name, code, faculty.id);
  if (issues.length > 0) refuse(issues);
  Object.assign(faculty, { name, code });
  return manager.save(faculty);
}

/** A course as operators give it (`lecturer_ids`: the lecturer in charge first, then assistants). */
export interface CourseInput {
  name: string;
  code: string;
  description?: string | null;
  period_id: number;
  faculty_id?: number | null;
  lecturer_ids?: number[];
  classes?: string[];
  is_active?: boolean;
}

/** The problems of a course's references within its campus and of its code within its period. */
export async function courseIssues(
  manager: EntityManager,
  tenantId: number,
  input: Partial<CourseInput>,
  course: { id: number; code: string | null; periodId: number | null } | null,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  if (input.period_id !== undefined) {
    const [period] = await manager.query(`SELECT 1 FROM periods WHERE id = $1 AND tenant_id = $2`, [
      input.period_id,
      tenantId,
    ]);
    if (!period) issues.push({ field: 'period_id', detail: 'period_id is not a period of this campus' });
  }
  if (input.faculty_id !== undefined && input.faculty_id !== null) {
    const [faculty] = await manager.query(`SELECT 1 FROM faculties WHERE id = $1 AND tenant_id = $2`, [
      input.faculty_id,
      tenantId,
    ]);
    if (!faculty) issues.push({ field: 'faculty_id', detail: 'faculty_id is not a faculty of this campus' });
  }
  if (input.lecturer_ids !== undefined && input.lecturer_ids.length > 0) {
    const rows: Array<{ id: number }> = await manager.query(
      `SELECT id FROM users WHERE id = ANY($1::bigint[]) AND tenant_id = $2 AND role = 'lecturer' AND active`,
      [input.lecturer_ids, tenantId],
    );
    const lecturers = new Set(rows.map((row) => row.id));
    input.lecturer_ids.forEach((id, index) => {
      if (input.lecturer_ids!.indexOf(id) !== index)
        issues.push({ field: 'lecturer_ids', index, detail: `lecturer ${id} is listed twice` });
      else if (!lecturers.has(id))
        issues.push({
          field: 'lecturer_ids',
          index,
          detail: `${id} is not an active lecturer of this campus`,
        });
    });
  }
  input.classes?.forEach((name, index) => {
    if (input.classes!.findIndex((other) => other.trim() === name.trim()) !== index)
      issues.push({ field: 'classes', index, detail: `class ${name} is listed twice` });
    else if (name.trim() === '') issues.push({ field: 'classes', index, detail: 'a class needs a name' });
  });
  const code = input.code ?? course?.code ?? null;
  const periodId = input.period_id ?? course?.periodId ?? null;
  const moved = input.code !== undefined || input.period_id !== undefined;
  if (moved && code !== null && periodId !== null && !issues.some((issue) => issue.field === 'period_id')) {
    const [twin]: Array<{ id: number; name: string }> = await manager.query(
      `SELECT id, name FROM courses WHERE tenant_id = $1 AND period_id = $2 AND code = $3 AND id <> $4 LIMIT 1`,
      [tenantId, periodId, code, course?.id ?? 0],
    );
    if (twin)
      issues.push({
        field: 'code',
        detail: `The period has a course with code ${code} already: ${twin.name} (id ${twin.id})`,
      });
  }
  return issues;
}

/** Two writes of one code in one period wait for each other (the academic-system sync takes the same lock). */
async function lockCode(manager: EntityManager, tenantId: number, periodId: number, code: string) {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `course-sync:${tenantId}:${periodId}:${code}`,
  ]);
}

export async function createCourse(
  manager: EntityManager,
  writer: Writer,
  input: CourseInput,
): Promise<Course> {
  await lockCode(manager, writer.tenantId, input.period_id, input.code);
  const issues = await courseIssues(manager, writer.tenantId, input, null);
  if (issues.length > 0) refuse(issues);
  const [lecturerId = null, ...assistantIds] = input.lecturer_ids ?? [];
  const course = await manager.save(
    manager.create(Course, {
      tenantId: writer.tenantId,
      name: input.name,
      code: input.code,
      description: input.description ?? null,
      periodId: input.period_id,
      facultyId: input.faculty_id ?? null,
      lecturerId,
      isActive: input.is_active ?? true,
    }),
  );
  if (assistantIds.length > 0)
    await manager.query(
      `INSERT INTO course_assistants (course_id, user_id) SELECT $1, unnest($2::bigint[])`,
      [course.id, assistantIds],
    );
  await addClasses(manager, course, input.classes ?? []);
  if (lecturerId !== null) await recordStaffChanged(manager, writer, course.id);
  await recordCourseUpserted(manager, writer.userId, course.id);
  return course;
}

/**
 * Changes what is given of a course. `lecturer_ids` replaces its staff (the first in charge, the
 * others assistants; an assistant kept stays coordinator if they were); `classes` adds the classes
 * it lacks (a class is never removed here: its students are the enrolment's).
 */
export async function updateCourse(
  manager: EntityManager,
  writer: Writer,
  course: Course,
  changes: Partial<CourseInput>,
): Promise<{ course: Course; changed: boolean }> {
  const periodId = changes.period_id ?? course.periodId;
  const code = changes.code ?? course.code;
  if (periodId !== null && code !== null) await lockCode(manager, writer.tenantId, periodId, code);
  const issues = await courseIssues(manager, writer.tenantId, changes, course);
  if (issues.length > 0) refuse(issues);
  const fields: Partial<Course> = {};
  if (changes.name !== undefined && changes.name !== course.name) fields.name = changes.name;
  if (changes.code !== undefined && changes.code !== course.code) fields.code = changes.code;
  if (changes.description !== undefined && changes.description !== course.description)
    fields.description = changes.description;
  if (changes.period_id !== undefined && changes.period_id !== course.periodId)
    fields.periodId = changes.period_id;
  if (changes.faculty_id !== undefined && changes.faculty_id !== course.facultyId)
    fields.facultyId = changes.faculty_id;
  if (changes.is_active !== undefined && changes.is_active !== course.isActive)
    fields.isActive = changes.is_active;
  let staffChanged = false;
  if (changes.lecturer_ids !== undefined) {
    const [lecturerId = null, ...assistantIds] = changes.lecturer_ids;
    if (lecturerId !== course.lecturerId) fields.lecturerId = lecturerId;
    // One statement: the assistants not kept leave, the new ones join; how many of each.
    const [{ removed, added }]: Array<{ removed: number; added: number }> = await manager.query(
      `WITH gone AS (
         DELETE FROM course_assistants WHERE course_id = $1 AND NOT (user_id = ANY($2::bigint[])) RETURNING 1
       ), joined AS (
         INSERT INTO course_assistants (course_id, user_id) SELECT $1, unnest($2::bigint[])
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT (SELECT count(*) FROM gone)::int AS removed, (SELECT count(*) FROM joined)::int AS added`,
      [course.id, assistantIds],
    );
    staffChanged = lecturerId !== course.lecturerId || removed > 0 || added > 0;
  }
  const classesAdded = await addClasses(manager, course, changes.classes ?? []);
  if (Object.keys(fields).length > 0) {
    await manager.update(Course, { id: course.id }, fields);
    Object.assign(course, fields);
  }
  if (staffChanged) await recordStaffChanged(manager, writer, course.id);
  const changed = staffChanged || classesAdded > 0 || Object.keys(fields).length > 0;
  if (changed) await recordCourseUpserted(manager, writer.userId, course.id);
  return { course, changed };
}

/** Creates the classes of these names the course lacks; how many. */
async function addClasses(manager: EntityManager, course: Course, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const inserted: unknown[] = await manager.query(
    `INSERT INTO classes (tenant_id, course_id, name)
     SELECT $1, $2, given.name FROM unnest($3::varchar[]) WITH ORDINALITY AS given(name, position)
      WHERE NOT EXISTS (SELECT 1 FROM classes cl WHERE cl.course_id = $2 AND cl.name = given.name)
      ORDER BY position RETURNING id`,
    [course.tenantId, course.id, names.map((name) => name.trim())],
  );
  return inserted.length;
}
