import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { attributePointer, notFound, unprocessable, type ValidationIssue } from '@lms/jsonapi';
import { CourseAccess } from '../courses/course-access.service';
import { type Band, bandIssues } from './bands';
import { columnsOf, gradeableTitle } from './gradebook.data';
import {
  CustomActivity,
  CustomActivityScore,
  Grade,
  type GradeableType,
  IndexBand,
} from './gradebook.entity';
import type { ActivityRow, ActivityScoreRow, BandRow, GradeRow } from './gradebook.resource';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The staff's side of a course's gradebook (docs/gradebook.md): weights (`/course/grades`), index
 * bands (`/course/index`), custom activities and their typed scores. Staff: the course's
 * lecturer and assistants, and the admins of its campus; another campus's course is a 404.
 */
@Injectable()
export class GradebookAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
  ) {}

  /** Passes for the course's staff and its campus's admins (404 for another campus's course). */
  async requireStaff(auth: AuthContext, courseId: number): Promise<void> {
    if (auth.role === 'admin') {
      const [course] = await this.dataSource.query(`SELECT 1 FROM courses WHERE id = $1 AND tenant_id = $2`, [
        courseId,
        auth.tenantId,
      ]);
      if (!course) throw notFound('Course not found');
      return;
    }
    await this.access.requireTeaching(auth, courseId);
  }

  // ---- weights ---------------------------------------------------------------------------

  async grades(auth: AuthContext, courseId: number): Promise<GradeRow[]> {
    await this.requireStaff(auth, courseId);
    const titles = new Map(
      (await columnsOf(this.dataSource.manager, auth.tenantId, courseId)).map((column) => [
        column.key,
        column.title,
      ]),
    );
    const grades = await this.dataSource
      .getRepository(Grade)
      .find({ where: { courseId }, order: { id: 'ASC' } });
    return grades.map((grade) =>
      this.gradeRow(grade, titles.get(`${grade.gradeableType}:${grade.gradeableId}`)),
    );
  }

  async createGrade(
    auth: AuthContext,
    input: { course_id: number; gradeable_type: GradeableType; gradeable_id: number; percentage?: number },
  ): Promise<GradeRow> {
    await this.requireStaff(auth, input.course_id);
    const title = await gradeableTitle(
      this.dataSource.manager,
      auth.tenantId,
      input.course_id,
      input.gradeable_type,
      input.gradeable_id,
    );
    const named = `${input.gradeable_type} ${input.gradeable_id}`;
    if (title === null)
      throw unprocessable([
        { pointer: attributePointer('gradeable_id'), detail: `${named} is not a gradeable of this course` },
      ]);
    const inserted: Array<{ id: number }> = await this.dataSource.query(
      `INSERT INTO grades (tenant_id, course_id, gradeable_type, gradeable_id, percentage)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (course_id, gradeable_type, gradeable_id) DO NOTHING RETURNING id`,
      [
        auth.tenantId,
        input.course_id,
        input.gradeable_type,
        input.gradeable_id,
        round2(input.percentage ?? 0),
      ],
    );
    if (inserted.length === 0)
      throw unprocessable([
        { pointer: attributePointer('gradeable_id'), detail: `${named} already has a weight in this course` },
      ]);
    const grade = await this.dataSource.getRepository(Grade).findOneByOrFail({ id: inserted[0].id });
    return this.gradeRow(grade, title);
  }

  async updateGrade(auth: AuthContext, id: number, percentage: number): Promise<GradeRow> {
    const grade = await this.grade(auth, id);
    await this.dataSource.getRepository(Grade).update({ id }, { percentage: round2(percentage) });
    grade.percentage = round2(percentage);
    const title = await gradeableTitle(
      this.dataSource.manager,
      auth.tenantId,
      grade.courseId,
      grade.gradeableType,
      grade.gradeableId,
    );
    return this.gradeRow(grade, title);
  }

  async deleteGrade(auth: AuthContext, id: number): Promise<void> {
    await this.grade(auth, id);
    await this.dataSource.getRepository(Grade).delete({ id });
  }

  private async grade(auth: AuthContext, id: number): Promise<Grade> {
    const grade = await this.dataSource.getRepository(Grade).findOneBy({ id, tenantId: auth.tenantId });
    if (!grade) throw notFound('Grade not found');
    await this.requireStaff(auth, grade.courseId);
    return grade;
  }

  private gradeRow(grade: Grade, title: string | null | undefined): GradeRow {
    return {
      id: grade.id,
      courseId: grade.courseId,
      gradeableType: grade.gradeableType,
      gradeableId: grade.gradeableId,
      percentage: grade.percentage,
      title: title ?? null,
    };
  }

  // ---- index bands -----------------------------------------------------------------------

  /** A course's bands, highest first: its staff, its students (the bands show on their row). */
  async bands(auth: AuthContext, courseId: number): Promise<BandRow[]> {
    if (auth.role !== 'admin') {
      const role = await this.access.courseRole(auth.tenantId, courseId, auth.userId);
      if (role === null) throw notFound('Course not found');
    } else await this.requireStaff(auth, courseId);
    return bandsOf(this.dataSource.manager, courseId);
  }

  async createBand(auth: AuthContext, input: { course_id: number } & Partial<Band> & { index: string }) {
    await this.requireStaff(auth, input.course_id);
    return this.changeBands(auth, input.course_id, (bands) => [
      ...bands,
      {
        id: 0,
        courseId: input.course_id,
        index: input.index.trim(),
        min: input.min ?? 0,
        max: input.max ?? 0,
      },
    ]).then((bands) => bands.find((band) => band.index === input.index.trim())!);
  }

  async updateBand(auth: AuthContext, id: number, input: Partial<Band>): Promise<BandRow> {
    const band = await this.band(auth, id);
    const bands = await this.changeBands(auth, band.courseId, (current) =>
      current.map((row) =>
        row.id === id
          ? {
              ...row,
              index: input.index?.trim() ?? row.index,
              min: input.min ?? row.min,
              max: input.max ?? row.max,
            }
          : row,
      ),
    );
    return bands.find((row) => row.id === id)!;
  }

  async deleteBand(auth: AuthContext, id: number): Promise<void> {
    const band = await this.band(auth, id);
    await this.changeBands(auth, band.courseId, (current) => current.filter((row) => row.id !== id));
  }

  /** Replaces every band of the course, checked as a whole (`PUT /course/index`). */
  async replaceBands(auth: AuthContext, courseId: number, bands: Array<Partial<Band> & { index: string }>) {
    await this.requireStaff(auth, courseId);
    return this.changeBands(
      auth,
      courseId,
      () =>
        bands.map((band) => ({
          id: 0,
          courseId,
          index: band.index.trim(),
          min: band.min ?? 0,
          max: band.max ?? 0,
        })),
      (at, field) => `/data/${at}/${field}`,
    );
  }

  private async band(auth: AuthContext, id: number): Promise<IndexBand> {
    const band = await this.dataSource.getRepository(IndexBand).findOneBy({ id, tenantId: auth.tenantId });
    if (!band) throw notFound('Index band not found');
    await this.requireStaff(auth, band.courseId);
    return band;
  }

  /**
   * Applies a change to the course's bands under a per-course lock, checks the result as a whole
   * (422 naming the band) and stores it: rows kept by id, new ones (id 0) inserted.
   */
  private async changeBands(
    auth: AuthContext,
    courseId: number,
    change: (bands: BandRow[]) => BandRow[],
    pointer: (at: number, field: string) => string = (_at, field) => attributePointer(field),
  ): Promise<BandRow[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('index_bands'), $1::int)`, [
        courseId % 2 ** 31,
      ]);
      const current = await bandsOf(manager, courseId);
      const next = change(current).map((band) => ({ ...band, min: round2(band.min), max: round2(band.max) }));
      const issues: ValidationIssue[] = bandIssues(next).map((issue) => ({
        pointer: pointer(issue.at, issue.field),
        detail: issue.detail,
      }));
      if (issues.length > 0) throw unprocessable(issues);
      const kept = next.filter((band) => band.id !== 0).map((band) => band.id);
      await manager.query(`DELETE FROM index_bands WHERE course_id = $1 AND NOT (id = ANY($2::bigint[]))`, [
        courseId,
        kept,
      ]);
      for (const band of next) {
        if (band.id === 0)
          await manager.insert(IndexBand, {
            tenantId: auth.tenantId,
            courseId,
            index: band.index,
            min: band.min,
            max: band.max,
          });
        else
          await manager.update(
            IndexBand,
            { id: band.id },
            { index: band.index, min: band.min, max: band.max },
          );
      }
      return bandsOf(manager, courseId);
    });
  }

  // ---- custom activities -----------------------------------------------------------------

  async activities(auth: AuthContext, courseId: number): Promise<ActivityRow[]> {
    await this.requireStaff(auth, courseId);
    return this.dataSource.getRepository(CustomActivity).find({ where: { courseId }, order: { id: 'ASC' } });
  }

  async createActivity(auth: AuthContext, courseId: number, title: string): Promise<ActivityRow> {
    await this.requireStaff(auth, courseId);
    return this.dataSource
      .getRepository(CustomActivity)
      .save({ tenantId: auth.tenantId, courseId, title: title.trim() });
  }

  async renameActivity(auth: AuthContext, id: number, title: string): Promise<ActivityRow> {
    const activity = await this.activity(auth, id);
    activity.title = title.trim();
    return this.dataSource.getRepository(CustomActivity).save(activity);
  }

  /** Deletes the activity with its scores and its weight. */
  async deleteActivity(auth: AuthContext, id: number): Promise<void> {
    const activity = await this.activity(auth, id);
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(Grade, {
        courseId: activity.courseId,
        gradeableType: 'courseactivities',
        gradeableId: id,
      });
      await manager.delete(CustomActivity, { id });
    });
  }

  async activityScores(auth: AuthContext, id: number): Promise<ActivityScoreRow[]> {
    await this.activity(auth, id);
    return this.dataSource
      .getRepository(CustomActivityScore)
      .find({ where: { activityId: id }, order: { studentId: 'ASC' } })
      .then((rows) => rows.map((row) => ({ activityId: id, studentId: row.studentId, score: row.score })));
  }

  /**
   * Saves typed scores (null clears one): each student must be a student of the course (422 with
   * the row's pointer otherwise). Answers the rows as saved.
   */
  async saveActivityScores(
    auth: AuthContext,
    id: number,
    rows: Array<{ student_id: number; score: number | null }>,
  ): Promise<ActivityScoreRow[]> {
    const activity = await this.activity(auth, id);
    const studentIds = [...new Set(rows.map((row) => row.student_id))];
    const enrolled = new Set(
      (
        (await this.dataSource.query(
          `SELECT DISTINCT cs.user_id FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
            WHERE cl.course_id = $1 AND cs.user_id = ANY($2::bigint[])`,
          [activity.courseId, studentIds],
        )) as Array<{ user_id: number }>
      ).map((row) => row.user_id),
    );
    const issues: ValidationIssue[] = [];
    const seen = new Set<number>();
    rows.forEach((row, at) => {
      if (!enrolled.has(row.student_id))
        issues.push({
          pointer: `/data/${at}/student_id`,
          detail: `student ${row.student_id} is not a student of this course`,
        });
      else if (seen.has(row.student_id))
        issues.push({ pointer: `/data/${at}/student_id`, detail: `student ${row.student_id} appears twice` });
      seen.add(row.student_id);
    });
    if (issues.length > 0) throw unprocessable(issues);
    const saved = rows.map((row) => ({
      activityId: id,
      studentId: row.student_id,
      score: row.score === null ? null : round2(row.score),
    }));
    await this.dataSource.transaction(async (manager) => {
      const cleared = saved.filter((row) => row.score === null).map((row) => row.studentId);
      if (cleared.length > 0)
        await manager.query(
          `DELETE FROM custom_activity_scores WHERE activity_id = $1 AND student_id = ANY($2::bigint[])`,
          [id, cleared],
        );
      const given = saved.filter((row) => row.score !== null);
      if (given.length > 0)
        await manager.query(
          `INSERT INTO custom_activity_scores (activity_id, student_id, score, updated_by)
           SELECT $1, student_id, score, $4 FROM unnest($2::bigint[], $3::numeric[]) AS given(student_id, score)
           ON CONFLICT (activity_id, student_id) DO UPDATE SET score = excluded.score,
             updated_by = excluded.updated_by, updated_at = now()`,
          [id, given.map((row) => row.studentId), given.map((row) => row.score), auth.userId],
        );
    });
    return saved;
  }

  private async activity(auth: AuthContext, id: number): Promise<CustomActivity> {
    const activity = await this.dataSource
      .getRepository(CustomActivity)
      .findOneBy({ id, tenantId: auth.tenantId });
    if (!activity) throw notFound('Custom activity not found');
    await this.requireStaff(auth, activity.courseId);
    return activity;
  }
}

/** A course's bands, highest first. */
export async function bandsOf(manager: EntityManager, courseId: number): Promise<BandRow[]> {
  const bands = await manager.find(IndexBand, { where: { courseId }, order: { min: 'DESC', id: 'ASC' } });
  return bands.map((band) => ({
    id: band.id,
    courseId: band.courseId,
    index: band.index,
    min: band.min,
    max: band.max,
  }));
}
