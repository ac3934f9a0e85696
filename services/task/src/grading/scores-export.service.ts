import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { badRequest, forbidden, formatWireDate, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { GradingAccess } from './grading-access';
import { STUDENT_SCORES_SQL } from './member-scores';
import {
  type WorkbookCell,
  type WorkbookStudent,
  type WorkbookTask,
  writeScoresWorkbook,
} from './scores-workbook';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook being written, to answer as it comes. */
export interface ScoresExport {
  filename: string;
  body: Readable;
}

/** What a workbook covers: a course's tasks, or one task of it, dated in a time zone. */
export interface WorkbookScope {
  tenantId: number;
  timeZone: string;
  course: { id: number; code: string | null; name: string };
  /** One task in detail, or null: every task of the course. */
  taskId: number | null;
}

/** A workbook whose data is read, to be written where the caller wants it. */
export interface PreparedWorkbook {
  filename: string;
  write(out: Writable): Promise<void>;
}

interface ResultRow {
  task_id: string;
  student_id: string;
  group_name: string | null;
  answer_id: string | null;
  is_sent: boolean | null;
  is_late: boolean | null;
  sent_at: Date | null;
  answer_score: string | null;
  peer_mean: string | null;
  score: string | null;
}

const num = (value: string | null) => (value === null ? null : Number(value));

/** A file name's safe form: letters, digits, dashes. */
const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'scores';

/**
 * The scores export (spec 02 §7 "score export as spreadsheet", `GET /course/scores/tasks`): a
 * course's tasks for its staff, one row per student and one column per task (member scores for
 * group tasks), or one task in detail (`filter[task_id]`).
 */
@Injectable()
export class ScoresExportService {
  private readonly logger = new Logger(ScoresExportService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: Projections,
    private readonly access: GradingAccess,
  ) {}

  async scores(auth: AuthContext, courseId: number | null, taskId: number | null): Promise<ScoresExport> {
    if (courseId === null && taskId === null)
      throw badRequest('filter[course_id] (or filter[task_id]) is required', 'filter[course_id]');
    if (taskId !== null) {
      const task = await this.access.task(auth, taskId);
      if (courseId !== null && task.courseId !== courseId) throw notFound('Task not found');
      courseId = task.courseId;
    }
    const course = await this.projections.course(auth.tenantId, courseId as number);
    if (!course) throw notFound('Course not found');
    if (auth.role === 'student' || !(await this.projections.canAuthor(auth, course.id)))
      throw forbidden('Only the course’s lecturer and assistants may export its scores');

    const book = await this.workbook({ tenantId: auth.tenantId, timeZone: auth.timeZone, course, taskId });
    const body = new PassThrough();
    book.write(body).catch((error: unknown) => {
      this.logger.error(`The scores workbook of course ${course.id} failed: ${String(error)}`);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { filename: book.filename, body };
  }

  /**
   * Reads the scores of the scope (no access check: the caller did it) and answers the workbook's
   * name and its writer: sheet Scores (one row per student), sheet Tasks.
   */
  async workbook(scope: WorkbookScope): Promise<PreparedWorkbook> {
    const { tenantId, timeZone, course, taskId } = scope;
    const tasks: Array<{
      id: string;
      name: string;
      task_type: 'PERSONAL' | 'GROUP';
      passing_grade: string;
      end_at: Date | null;
    }> = await this.dataSource.query(
      `SELECT id, name, task_type, passing_grade, end_at FROM tasks
        WHERE tenant_id = $1 AND course_id = $2 AND deleted_at IS NULL AND ($3::bigint IS NULL OR id = $3)
        ORDER BY end_at NULLS LAST, id`,
      [tenantId, course.id, taskId],
    );
    const columns: WorkbookTask[] = tasks.map((task) => ({
      id: Number(task.id),
      name: task.name,
      tasksType: task.task_type,
      passingGrade: Number(task.passing_grade),
      endAt: task.end_at ? formatWireDate(task.end_at, timeZone) : null,
    }));
    const results: ResultRow[] = await this.dataSource.query(
      `${STUDENT_SCORES_SQL}
       SELECT s.task_id, s.student_id, g.name AS group_name, s.answer_id, s.is_sent, s.is_late, s.sent_at,
              s.answer_score, s.peer_mean, s.score
         FROM student_scores s LEFT JOIN task_groups g ON g.id = s.group_id`,
      [columns.map((task) => task.id)],
    );
    const byStudent = new Map<number, Map<number, WorkbookCell>>();
    for (const row of results) {
      const cells = byStudent.get(Number(row.student_id)) ?? new Map<number, WorkbookCell>();
      byStudent.set(Number(row.student_id), cells);
      cells.set(Number(row.task_id), {
        state:
          row.answer_id === null ? 'not_started' : !row.is_sent ? 'draft' : row.is_late ? 'late' : 'sent',
        sentAt: row.is_sent && row.sent_at ? formatWireDate(row.sent_at, timeZone) : null,
        group: row.group_name,
        answerScore: num(row.answer_score),
        peerMean: num(row.peer_mean),
        score: num(row.score),
      });
    }
    const people: Array<{
      user_id: string;
      name: string | null;
      username: string | null;
      nim: string | null;
      classes: string | null;
    }> = await this.dataSource.query(
      `SELECT cs.user_id, u.name, u.username, u.nim, string_agg(DISTINCT cc.name, ', ') AS classes
         FROM course_students cs
         LEFT JOIN users u ON u.id = cs.user_id AND u.tenant_id = cs.tenant_id
         LEFT JOIN course_classes cc ON cc.id = cs.class_id
        WHERE cs.tenant_id = $1 AND cs.course_id = $2 AND cs.enrolled
        GROUP BY cs.user_id, u.name, u.username, u.nim
        ORDER BY u.name NULLS LAST, cs.user_id`,
      [tenantId, course.id],
    );
    const students: WorkbookStudent[] = people
      .filter((person) => taskId === null || byStudent.has(Number(person.user_id)))
      .map((person) => ({
        number: person.nim ?? person.username ?? String(person.user_id),
        name: person.name ?? '',
        className: person.classes,
        results: byStudent.get(Number(person.user_id)) ?? new Map(),
      }));

    const name =
      taskId === null ? (course.code ?? course.name) : `${course.code ?? course.id}-${tasks[0].name}`;
    return {
      filename: `scores-${slug(name)}.xlsx`,
      write: (out) =>
        writeScoresWorkbook(
          {
            course: course.code ? `${course.code} ${course.name}` : course.name,
            generatedAt: formatWireDate(new Date(), timeZone),
            tasks: columns,
            students,
          },
          out,
        ),
    };
  }
}
