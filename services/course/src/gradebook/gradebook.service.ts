import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, notFound } from '@lms/jsonapi';
import { CourseAccess } from '../courses/course-access.service';
import { type Band, bandOf } from './bands';
import { bandsOf, GradebookAdminService } from './gradebook-admin.service';
import { columnsOf, finalScore, weightsTotalOf } from './gradebook.data';
import type { GradebookColumn, GradebookRow } from './gradebook.resource';
import { SCORES_SQL } from './gradebook.sources';

export interface GradebookQuery {
  courseId: number;
  classId?: number;
  studentName?: string;
}

/** The grid with what the screens and the workbook show around it. */
export interface Gradebook {
  courseId: number;
  courseName: string;
  classId: number | null;
  published: boolean;
  columns: GradebookColumn[];
  bands: Band[];
  weightsTotal: number;
  rows: GradebookRow[];
  /** The course's classes (every one, for the workbook's sheets). */
  classes: Array<{ id: number; name: string }>;
}

/**
 * `GET /gradebook` (docs/gradebook.md): one row per student of the course (or of one class), one
 * column per gradeable, the weighted final score and its band — read from the course's own tables
 * and its projections of the exam and task services, never from those services. Whatever the size,
 * one query per kind of thing, side by side: the classes, the columns with their weights, the bands,
 * the students, and the scores gathered by column.
 */
@Injectable()
export class GradebookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: CourseAccess,
    private readonly admin: GradebookAdminService,
  ) {}

  async read(auth: AuthContext, query: GradebookQuery): Promise<Gradebook> {
    const { courseId } = query;
    const [course]: Array<{ name: string; gradebook_publish: boolean }> = await this.dataSource.query(
      `SELECT name, gradebook_publish FROM courses WHERE id = $1 AND tenant_id = $2`,
      [courseId, auth.tenantId],
    );
    if (!course) throw notFound('Course not found');
    let onlyStudent: number | null = null;
    if (auth.role !== 'admin') {
      const role = await this.access.courseRole(auth.tenantId, courseId, auth.userId);
      if (role === null) throw notFound('Course not found');
      if (role === 'STUDENT') {
        if (!course.gradebook_publish) throw notFound('The gradebook is not published');
        onlyStudent = auth.userId;
      }
    } else await this.admin.requireStaff(auth, courseId);
    const manager = this.dataSource.manager;
    const filter = [
      courseId,
      auth.tenantId,
      query.classId ?? null,
      onlyStudent,
      escapeLike(query.studentName),
    ];
    const [classes, columns, bandRows, students, cells] = await Promise.all([
      manager.query(`SELECT id, name FROM classes WHERE course_id = $1 ORDER BY name, id`, [
        courseId,
      ]) as Promise<Array<{ id: number; name: string }>>,
      columnsOf(manager, auth.tenantId, courseId),
      bandsOf(manager, courseId),
      manager.query(
        `WITH ${STUDENTS_SQL} SELECT * FROM students ORDER BY name, student_id`,
        filter,
      ) as Promise<
        Array<{
          student_id: number;
          name: string | null;
          username: string | null;
          nim: string | null;
          class_id: number;
          class_name: string;
        }>
      >,
      // by column: a few dozen rows, each with its students and their scores as two lists in one
      // order (the aggregates of a group are fed its rows in the same order)
      manager.query(
        `WITH ${STUDENTS_SQL}, cells AS (${SCORES_SQL})
         SELECT c.gradeable_type, c.gradeable_id, json_agg(c.student_id) AS students, json_agg(c.score) AS scores
           FROM cells c JOIN students s ON s.student_id = c.student_id
          GROUP BY c.gradeable_type, c.gradeable_id`,
        filter,
      ) as Promise<
        Array<{
          gradeable_type: string;
          gradeable_id: number;
          students: number[];
          scores: Array<number | null>;
        }>
      >,
    ]);
    if (query.classId !== undefined && !classes.some((row) => row.id === query.classId))
      throw badRequest('class_id is not a class of this course', 'class_id');
    const bands = bandRows.map(({ index, min, max }) => ({ index, min, max }));
    // the grid as a table (student × column), then each student's scores in column order
    const rowOf = new Map(students.map((student, at) => [student.student_id, at]));
    const columnOf = new Map(columns.map((column, at) => [column.key, at]));
    const grid = students.map(() => new Array<number | null>(columns.length).fill(null));
    for (const cell of cells) {
      const column = columnOf.get(`${cell.gradeable_type}:${cell.gradeable_id}`);
      if (column === undefined) continue; // a deleted exam's, an archived form's
      cell.students.forEach((studentId, at) => {
        const row = rowOf.get(studentId);
        const score = cell.scores[at];
        if (row !== undefined && score !== null) grid[row][column] = Number(score);
      });
    }
    const rows = students.map((student, at): GradebookRow => {
      const scores: Record<string, number | null> = {};
      columns.forEach((column, index) => (scores[column.key] = grid[at][index]));
      const final = finalScore(columns, scores);
      return {
        studentId: student.student_id,
        name: student.name ?? '',
        username: student.username ?? '',
        nim: student.nim,
        classId: student.class_id,
        className: student.class_name,
        scores,
        finalScore: final,
        index: bandOf(bands, final),
      };
    });
    return {
      courseId,
      courseName: course.name,
      classId: query.classId ?? null,
      published: course.gradebook_publish,
      columns,
      bands,
      weightsTotal: weightsTotalOf(columns),
      rows,
      classes,
    };
  }
}

/**
 * The students of course `$1` (campus `$2`) the grid shows, each with their first class: of class
 * `$3` only when given, student `$4` only when given, names containing `$5` only when given.
 */
const STUDENTS_SQL = `students AS (
  SELECT DISTINCT ON (cs.user_id) cs.user_id AS student_id, cl.id AS class_id, cl.name AS class_name,
         u.name, u.username, u.nim
    FROM class_students cs JOIN classes cl ON cl.id = cs.class_id
    LEFT JOIN users u ON u.id = cs.user_id
   WHERE cl.course_id = $1 AND cl.tenant_id = $2 AND ($3::bigint IS NULL OR cl.id = $3)
     AND ($4::bigint IS NULL OR cs.user_id = $4) AND ($5::text IS NULL OR u.name ILIKE '%' || $5 || '%')
   ORDER BY cs.user_id, cl.id
)`;

/** A name search as a LIKE pattern's text (its wildcards taken literally); none when empty. */
function escapeLike(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed.replace(/[\\%_]/g, (match) => `\\${match}`) : null;
}
