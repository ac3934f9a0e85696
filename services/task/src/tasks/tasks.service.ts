import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  attributePointer,
  defineList,
  forbidden,
  type ListScope,
  notFound,
  type ParsedQuery,
  unprocessable,
  type ValidationIssue,
} from '@lms/jsonapi';
import { CourseClassProjection, Projections } from '@lms/projections';
import { TaskFiles } from '../files/task-files';
import { GradingService } from '../grading/grading.service';
import { memberScoreSql, peerMeanSql } from '../grading/member-scores';
import { normalizeRubric, rubricIssues } from '@lms/rubrics';
import { Task, TaskClass } from './task.entity';
import { recordTaskUpserted } from './task-events.data';
import type { AnswerState, TaskStudentRow } from './task-students';
import type { MyAnswer, ReadTask, TaskCounts } from './tasks.resource';
import type { taskCreateRules, TaskSettings } from './tasks.rules';
import type { z } from '@lms/jsonapi';
import { fileByKey } from '@lms/storage';

/** Most files a task may hold. */
export const MAX_TASK_FILES = 20;

/** The reader (`:me`) teaches the task's course: its lecturer or an assistant. */
export const TASK_STAFF_SQL = `EXISTS (SELECT 1 FROM course_staff cs
  WHERE cs.course_id = task.course_id AND cs.user_id = :me AND cs.tenant_id = task.tenant_id)`;

/**
 * The reader (`:me`) is a student the task is for and may see it now: an active, live task whose
 * start has come, of a class of theirs (every class of the course when `all_class`).
 */
export const TASK_STUDENT_SQL = `(task.deleted_at IS NULL AND task.is_active
  AND (task.start_at IS NULL OR task.start_at <= now())
  AND EXISTS (SELECT 1 FROM course_students st
    WHERE st.course_id = task.course_id AND st.user_id = :me AND st.tenant_id = task.tenant_id AND st.enrolled
      AND (task.all_class OR st.class_id IN (SELECT tc.class_id FROM task_classes tc WHERE tc.task_id = task.id))))`;

/** The reader (`:me`) sent an answer to the task: their own, or their group's. */
const SENT_MINE_SQL = `EXISTS (SELECT 1 FROM task_answers a WHERE a.task_id = task.id AND a.is_sent
  AND (a.student_id = :me OR a.group_id IN
    (SELECT m.group_id FROM task_group_members m WHERE m.task_id = task.id AND m.student_id = :me)))`;

/**
 * The students a task is for, one row per student (`task_id`, `user_id`, `class_id` — the
 * lowest of their classes the task is for): the enrolled students of its course's classes, or of
 * the classes it names. `$1` is a list of task ids.
 */
export const TASK_STUDENTS_SQL = `SELECT task.id AS task_id, st.user_id, min(st.class_id) AS class_id
  FROM tasks task
  JOIN course_students st ON st.course_id = task.course_id AND st.tenant_id = task.tenant_id AND st.enrolled
  WHERE task.id = ANY($1::bigint[])
    AND (task.all_class OR st.class_id IN (SELECT tc.class_id FROM task_classes tc WHERE tc.task_id = task.id))
  GROUP BY task.id, st.user_id`;

const taskList = defineList<ReadTask>({
  entity: Task,
  alias: 'task',
  toMany: {
    classes: {
      entity: CourseClassProjection,
      alias: 'class',
      where: `class.course_id = task.course_id AND (task.all_class
        OR class.id IN (SELECT tc.class_id FROM task_classes tc WHERE tc.task_id = task.id))`,
      orderBy: ['id'],
    },
  },
});

type CreateInput = z.output<typeof taskCreateRules>;

/** The settings a write may send, as entity properties (the rest is checked by `apply`). */
const SETTINGS: ReadonlyArray<readonly [keyof TaskSettings, keyof Task]> = [
  ['name', 'name'],
  ['description', 'description'],
  ['start_at', 'startAt'],
  ['end_at', 'endAt'],
  ['is_active', 'isActive'],
  ['file_required', 'fileRequired'],
  ['is_lateable', 'isLateable'],
  ['taskable_type', 'taskableType'],
  ['taskable_id', 'taskableId'],
  ['assesment_method', 'assessmentMethod'],
  ['tasks_type', 'taskType'],
  ['student_percentage', 'studentPercentage'],
  ['lecturer_percentage', 'lecturerPercentage'],
  ['is_assesment_open', 'isAssessmentOpen'],
  ['show_score', 'showScore'],
  ['passing_grade', 'passingGrade'],
  ['all_class', 'allClass'],
];

/** Takes the filter `field` out of the query (a rule, not a column): whether it asked for `true`. */
function takeFlag(query: ParsedQuery, field: string): [boolean, ParsedQuery] {
  const filter = query.filters.find((item) => item.field === field);
  return [
    filter?.value === true,
    { ...query, filters: query.filters.filter((item) => item.field !== field) },
  ];
}

/**
 * Tasks of the caller's campus (spec 02 §3): authored by the staff of their course (its lecturer
 * and assistants), read by them and — once active and started — by the students of their
 * classes. Another campus's task, or one the caller may not read, is a 404; one a student reads
 * but may not write, a 403.
 */
@Injectable()
export class TasksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly projections: Projections,
    private readonly files: TaskFiles,
    private readonly grading: GradingService,
  ) {}

  /**
   * The caller's tasks: staff those of the courses they teach, students the ones they may see.
   * `homepage`: spec 02 §6 — a student's open tasks not yet sent, a lecturer's ended ones (to
   * grade); `trashed`: the deleted tasks of the courses the caller teaches.
   */
  async list(auth: AuthContext, raw: ParsedQuery): Promise<[ReadTask[], number]> {
    const [homepage, withoutHomepage] = takeFlag(raw, 'homepage');
    const [trashed, query] = takeFlag(withoutHomepage, 'trashed');
    const where = ['task.tenant_id = :tenantId'];
    if (trashed) where.push('task.deleted_at IS NOT NULL', TASK_STAFF_SQL);
    else {
      where.push('task.deleted_at IS NULL');
      if (homepage)
        where.push(`task.is_active AND (
          (${TASK_STAFF_SQL} AND task.end_at IS NOT NULL AND task.end_at <= now())
          OR (NOT ${TASK_STAFF_SQL} AND ${TASK_STUDENT_SQL}
              AND (task.end_at IS NULL OR task.end_at > now()) AND NOT ${SENT_MINE_SQL}))`);
      else where.push(`(${TASK_STAFF_SQL} OR ${TASK_STUDENT_SQL})`);
    }
    const [tasks, total] = await taskList.page(
      this.dataSource,
      this.scope(auth, where, query.include),
      query,
    );
    await this.decorate(auth, tasks);
    return [tasks, total];
  }

  /** One task the caller may read (its staff also a deleted one). */
  async get(auth: AuthContext, id: number, include: readonly string[] = []): Promise<ReadTask> {
    const task = await this.readable(auth, id, include);
    if (!task) throw notFound('Task not found');
    await this.decorate(auth, [task]);
    return task;
  }

  /** The task if the caller may read it, else null (for other areas: answers, grading). */
  readable(auth: AuthContext, id: number, include: readonly string[] = []): Promise<ReadTask | null> {
    const where = [
      'task.tenant_id = :tenantId',
      'task.id = :id',
      `(${TASK_STAFF_SQL} OR ${TASK_STUDENT_SQL})`,
    ];
    const scope = this.scope(auth, where, include);
    return taskList.one(this.dataSource, { ...scope, params: { ...scope.params, id } });
  }

  /**
   * The task for a write (or a staff-only read) by staff of its course: 404 when the caller may
   * not read it, 403 when they only read it (a student).
   */
  async staffTask(
    auth: AuthContext,
    id: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Task> {
    const task = await manager.getRepository(Task).findOne({
      where: { id, tenantId: auth.tenantId },
      withDeleted: true,
    });
    if (!task) throw notFound('Task not found');
    if (await this.projections.canAuthor(auth, Number(task.courseId), manager)) return task;
    if (await this.readable(auth, id))
      throw forbidden('Only the lecturer and assistants of the course may do this');
    throw notFound('Task not found');
  }

  async create(auth: AuthContext, input: CreateInput): Promise<ReadTask> {
    const course = await this.projections.course(auth.tenantId, input.course_id);
    if (!course) throw notFound('Course not found');
    const role = await this.projections.roleIn(auth, input.course_id);
    if (role === null) throw notFound('Course not found');
    if (role === 'student')
      throw forbidden('Only the lecturer and assistants of the course author its tasks');
    const task = Object.assign(new Task(), {
      tenantId: auth.tenantId,
      courseId: input.course_id,
      createdBy: auth.userId,
      files: [],
      isActive: true,
      fileRequired: false,
      isLateable: false,
      assessmentMethod: 'score',
      rubric: null,
      taskType: 'PERSONAL',
      studentPercentage: null,
      lecturerPercentage: null,
      isAssessmentOpen: false,
      showScore: false,
      passingGrade: 0,
      allClass: true,
      description: null,
      startAt: null,
      endAt: null,
      deletedAt: null,
    } satisfies Partial<Task>);
    const id = await this.unit.run(async (manager) => {
      const classIds = await this.apply(manager, task, input, []);
      const saved = await manager.save(task);
      await this.setClasses(manager, saved.id, classIds);
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, saved);
      return saved.id;
    });
    return this.get(auth, id);
  }

  /** Changes the fields sent, nothing else. */
  async update(auth: AuthContext, id: number, input: TaskSettings): Promise<ReadTask> {
    await this.unit.run(async (manager) => {
      const task = await this.lockedStaffTask(manager, auth, id);
      if (input.course_id !== undefined && input.course_id !== Number(task.courseId))
        throw unprocessable([
          {
            pointer: attributePointer('course_id'),
            detail: 'course_id cannot change: a task stays in its course',
          },
        ]);
      const shares = [task.studentPercentage, task.lecturerPercentage].map(Number);
      const classIds = await this.apply(manager, task, input, await this.classIdsOf(manager, id));
      const saved = await manager.save(task);
      await this.setClasses(manager, id, classIds);
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, saved);
      // the members' scores mix the group score and the peer mean by these shares
      if (shares[0] !== Number(saved.studentPercentage) || shares[1] !== Number(saved.lecturerPercentage))
        await this.grading.recordMemberScoresChanged(manager, auth, id);
    });
    return this.get(auth, id);
  }

  /** `PUT /course/tasks/classes`: every class of the course (`all_class`), or the ones named. */
  async syncClasses(
    auth: AuthContext,
    input: { task_id: number; all_class?: boolean; class_ids?: number[] },
  ): Promise<ReadTask> {
    await this.unit.run(async (manager) => {
      const task = await this.lockedStaffTask(manager, auth, input.task_id);
      const allClass = input.all_class ?? (input.class_ids === undefined || input.class_ids.length === 0);
      const classIds = await this.apply(
        manager,
        task,
        { all_class: allClass, class_ids: input.class_ids ?? [] },
        await this.classIdsOf(manager, task.id),
      );
      const saved = await manager.save(task);
      await this.setClasses(manager, task.id, classIds);
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, saved);
    });
    return this.get(auth, input.task_id, ['classes']);
  }

  /** Soft delete; deleting a deleted task changes nothing. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.unit.run(async (manager) => {
      const task = await this.lockedStaffTask(manager, auth, id);
      if (task.deletedAt !== null) return;
      task.deletedAt = new Date();
      await manager.update(Task, { id }, { deletedAt: task.deletedAt });
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, task);
    });
  }

  /** `PUT /course/tasks/{id}`: brings a deleted task back. */
  async restore(auth: AuthContext, id: number): Promise<ReadTask> {
    await this.unit.run(async (manager) => {
      const task = await this.lockedStaffTask(manager, auth, id);
      if (task.deletedAt === null) return;
      await manager.update(Task, { id }, { deletedAt: null });
      task.deletedAt = null;
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, task);
    });
    return this.get(auth, id);
  }

  /** Attaches the files of a multipart request (parts named `file`) to the task. */
  async addFiles(auth: AuthContext, id: number, request: FastifyRequest): Promise<ReadTask> {
    await this.staffTask(auth, id);
    await this.files.withUpload(request, { tenantId: auth.tenantId, area: 'tasks' }, async (upload) => {
      if (upload.files.length === 0)
        throw unprocessable([{ pointer: attributePointer('file'), detail: 'file is required' }]);
      await this.unit.run(async (manager) => {
        const task = await this.lockedStaffTask(manager, auth, id);
        if (task.files.length + upload.files.length > MAX_TASK_FILES)
          throw unprocessable([
            {
              pointer: attributePointer('file'),
              detail: `a task holds at most ${MAX_TASK_FILES} files; it has ${task.files.length}`,
            },
          ]);
        task.files = [...task.files, ...upload.files];
        await manager.update(Task, { id }, { files: task.files });
        await recordTaskUpserted(manager, auth.tenantId, auth.userId, task);
      });
    });
    return this.get(auth, id);
  }

  /** Detaches a file from the task and removes it from the store. */
  async removeFile(auth: AuthContext, id: number, key: string): Promise<ReadTask> {
    const removed = await this.unit.run(async (manager) => {
      const task = await this.lockedStaffTask(manager, auth, id);
      const file = fileByKey(task.files, key);
      task.files = task.files.filter((item) => item.key !== file.key);
      await manager.update(Task, { id }, { files: task.files });
      await recordTaskUpserted(manager, auth.tenantId, auth.userId, task);
      return file;
    });
    await this.files.remove([removed]);
    return this.get(auth, id);
  }

  /** Answers a file of a task the caller may read. */
  async sendFile(auth: AuthContext, id: number, key: string, reply: FastifyReply, inline: boolean) {
    const task = await this.readable(auth, id);
    if (!task) throw notFound('Task not found');
    return this.files.send(reply, fileByKey(task.files, key), { inline });
  }

  /**
   * `GET /course/tasks/{id}/students` (staff): every student the task is for, with their answer
   * (their group's for a group task), group and state; `filter[class_id]`, `filter[state]`,
   * `filter[search]` (name or username), sorted by name.
   */
  async students(auth: AuthContext, id: number, query: ParsedQuery): Promise<[TaskStudentRow[], number]> {
    await this.staffTask(auth, id);
    const value = (field: string) => query.filters.find((filter) => filter.field === field);
    const classFilter = value('class_id');
    const stateFilter = value('state');
    const search = value('search');
    const states = stateFilter === undefined ? null : [stateFilter.value].flat().map(String);
    const like =
      search === undefined ? null : `%${String(search.value).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const order = (query.sort.length > 0 ? query.sort : [{ column: 'name', direction: 'ASC' as const }])
      .map((sort) => `${sort.column === 'username' ? 'username' : 'name'} ${sort.direction}`)
      .join(', ');
    const rows: Array<Record<string, string | boolean | Date | null> & { total: string }> =
      await this.dataSource.query(
        `WITH roster AS (
           SELECT st.user_id, min(st.class_id) AS class_id
             FROM tasks task
             JOIN course_students st ON st.course_id = task.course_id AND st.tenant_id = task.tenant_id AND st.enrolled
            WHERE task.id = $1
              AND (task.all_class OR st.class_id IN (SELECT tc.class_id FROM task_classes tc WHERE tc.task_id = task.id))
              AND ($2::bigint IS NULL OR st.class_id = $2)
            GROUP BY st.user_id
         ), rows AS (
           SELECT r.user_id, coalesce(u.name, '') AS name, coalesce(u.username, '') AS username,
                  c.name AS class_name, g.id AS group_id, g.name AS group_name,
                  a.id AS answer_id, a.is_sent, a.is_late, a.sent_at,
                  -- a group answer: the member's score (docs/task-scoring.md)
                  CASE WHEN a.group_id IS NULL THEN a.score
                       ELSE ${memberScoreSql('a.score', 'peer.mean', 'task.lecturer_percentage', 'task.student_percentage')}
                  END AS score,
                  CASE WHEN a.id IS NULL THEN 'not_started' WHEN a.score IS NOT NULL THEN 'scored'
                       WHEN NOT a.is_sent THEN 'draft' WHEN a.is_late THEN 'late' ELSE 'sent' END AS state
             FROM roster r
             JOIN tasks task ON task.id = $1
             LEFT JOIN users u ON u.id = r.user_id
             LEFT JOIN course_classes c ON c.id = r.class_id
             LEFT JOIN task_group_members m ON m.task_id = $1 AND m.student_id = r.user_id
             LEFT JOIN task_groups g ON g.id = m.group_id
             LEFT JOIN task_answers a ON a.task_id = $1
               AND (a.student_id = r.user_id OR (a.group_id IS NOT NULL AND a.group_id = m.group_id))
             LEFT JOIN LATERAL (${peerMeanSql('a.id', 'r.user_id', 'm.group_id')}) peer ON a.group_id IS NOT NULL
         )
         SELECT *, count(*) OVER () AS total FROM rows
          WHERE ($3::text[] IS NULL OR state = ANY($3::text[]))
            AND ($4::text IS NULL OR name ILIKE $4 OR username ILIKE $4)
          ORDER BY ${order}, user_id
          LIMIT $5 OFFSET $6`,
        [id, classFilter === undefined ? null : classFilter.value, states, like, query.limit, query.offset],
      );
    const total = rows.length > 0 ? Number(rows[0].total) : 0;
    return [
      rows.map((row) => ({
        student: {
          id: Number(row.user_id),
          name: String(row.name),
          username: String(row.username),
          class: row.class_name === null ? null : String(row.class_name),
        },
        answer:
          row.answer_id === null
            ? null
            : {
                id: Number(row.answer_id),
                is_sent: row.is_sent === true,
                is_late: row.is_late === true,
                sent_at: row.sent_at as Date | null,
                score: row.score === null ? null : Number(row.score),
              },
        group: row.group_id === null ? null : { id: Number(row.group_id), name: String(row.group_name) },
        state: row.state as AnswerState,
      })),
      total,
    ];
  }

  // ---- reading --------------------------------------------------------------------------

  private scope(auth: AuthContext, where: string[], include: readonly string[]): ListScope {
    return { where, params: { tenantId: auth.tenantId, me: auth.userId }, with: include };
  }

  /**
   * Its classes and groups, and the reader's facts: staff or not, a student's answer, staff's
   * counts (also for tasks read elsewhere: an answer's `include=task`).
   */
  async decorate(auth: AuthContext, tasks: ReadTask[]): Promise<void> {
    if (tasks.length === 0) return;
    const ids = tasks.map((task) => Number(task.id));
    const [classes, groups, staffOf] = await Promise.all([
      this.dataSource.query(
        `SELECT task_id, class_id FROM task_classes WHERE task_id = ANY($1::bigint[]) ORDER BY class_id`,
        [ids],
      ) as Promise<Array<{ task_id: string; class_id: string }>>,
      this.dataSource.query(
        `SELECT task_id, id FROM task_groups WHERE task_id = ANY($1::bigint[]) ORDER BY id`,
        [ids],
      ) as Promise<Array<{ task_id: string; id: string }>>,
      this.dataSource.query(
        `SELECT DISTINCT course_id FROM course_staff WHERE user_id = $1 AND tenant_id = $2 AND course_id = ANY($3::bigint[])`,
        [auth.userId, auth.tenantId, [...new Set(tasks.map((task) => Number(task.courseId)))]],
      ) as Promise<Array<{ course_id: string }>>,
    ]);
    const taught = new Set(staffOf.map((row) => Number(row.course_id)));
    for (const task of tasks) {
      task.classIds = classes
        .filter((row) => Number(row.task_id) === Number(task.id))
        .map((row) => Number(row.class_id));
      task.groupIds = groups
        .filter((row) => Number(row.task_id) === Number(task.id))
        .map((row) => Number(row.id));
      task.viewerStaff = taught.has(Number(task.courseId));
    }
    const staffTasks = tasks.filter((task) => task.viewerStaff);
    const studentTasks = tasks.filter((task) => !task.viewerStaff);
    if (staffTasks.length > 0) {
      const counts = await this.counts(staffTasks.map((task) => Number(task.id)));
      for (const task of staffTasks)
        task.counts = counts.get(Number(task.id)) ?? {
          students: 0,
          sent: 0,
          late: 0,
          scored: 0,
          to_score: 0,
        };
    }
    if (studentTasks.length > 0) {
      const answers = await this.myAnswers(
        auth,
        studentTasks.map((task) => Number(task.id)),
      );
      for (const task of studentTasks) {
        const answer = answers.get(Number(task.id));
        task.myAnswer = answer
          ? {
              id: answer.id,
              is_sent: answer.is_sent,
              is_late: answer.is_late,
              // The score only when the task shows scores (the server withholds it otherwise).
              ...(task.showScore ? { score: answer.score ?? null } : {}),
            }
          : null;
      }
    }
  }

  /**
   * Per task: its students, and how many have sent (late among them), been scored, and wait for
   * a score (sent and never scored, or sent again after a change request since their last score).
   */
  private async counts(taskIds: number[]): Promise<Map<number, TaskCounts>> {
    const rows: Array<{ task_id: string } & TaskCounts> = await this.dataSource.query(
      `WITH roster AS (${TASK_STUDENTS_SQL})
         SELECT r.task_id, count(*)::int AS students,
                count(*) FILTER (WHERE a.is_sent)::int AS sent,
                count(*) FILTER (WHERE a.is_sent AND a.is_late)::int AS late,
                count(*) FILTER (WHERE a.score IS NOT NULL)::int AS scored,
                count(*) FILTER (WHERE a.is_sent AND (a.score IS NULL OR a.scored_at < a.sent_at))::int
                  AS to_score
           FROM roster r
           LEFT JOIN task_group_members m ON m.task_id = r.task_id AND m.student_id = r.user_id
           LEFT JOIN task_answers a ON a.task_id = r.task_id
             AND (a.student_id = r.user_id OR (a.group_id IS NOT NULL AND a.group_id = m.group_id))
          GROUP BY r.task_id`,
      [taskIds],
    );
    return new Map(
      rows.map((row) => [
        Number(row.task_id),
        {
          students: row.students,
          sent: row.sent,
          late: row.late,
          scored: row.scored,
          to_score: row.to_score,
        },
      ]),
    );
  }

  /** The reader's answer to each task: their own, or their group's. */
  private async myAnswers(auth: AuthContext, taskIds: number[]): Promise<Map<number, MyAnswer>> {
    const rows: Array<{
      task_id: string;
      id: string;
      is_sent: boolean;
      is_late: boolean;
      score: string | null;
    }> = await this.dataSource.query(
      `SELECT a.task_id, a.id, a.is_sent, a.is_late,
              CASE WHEN a.group_id IS NULL THEN a.score
                   ELSE ${memberScoreSql('a.score', 'peer.mean', 't.lecturer_percentage', 't.student_percentage')}
              END AS score
         FROM task_answers a
         JOIN tasks t ON t.id = a.task_id
         LEFT JOIN LATERAL (${peerMeanSql('a.id', '$2', 'a.group_id')}) peer ON a.group_id IS NOT NULL
          WHERE a.task_id = ANY($1::bigint[]) AND a.tenant_id = $3
            AND (a.student_id = $2 OR a.group_id IN
              (SELECT m.group_id FROM task_group_members m WHERE m.task_id = a.task_id AND m.student_id = $2))`,
      [taskIds, auth.userId, auth.tenantId],
    );
    return new Map(
      rows.map((row) => [
        Number(row.task_id),
        {
          id: Number(row.id),
          is_sent: row.is_sent,
          is_late: row.is_late,
          score: row.score === null ? null : Number(row.score),
        },
      ]),
    );
  }

  private async classIdsOf(manager: EntityManager, taskId: number): Promise<number[]> {
    const rows: Array<{ class_id: string }> = await manager.query(
      `SELECT class_id FROM task_classes WHERE task_id = $1 ORDER BY class_id`,
      [taskId],
    );
    return rows.map((row) => Number(row.class_id));
  }

  // ---- writing --------------------------------------------------------------------------

  /** {@link staffTask}, locked for the transaction's write. */
  private async lockedStaffTask(manager: EntityManager, auth: AuthContext, id: number): Promise<Task> {
    await manager.query(`SELECT id FROM tasks WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [
      id,
      auth.tenantId,
    ]);
    return this.staffTask(auth, id, manager);
  }

  /**
   * Applies the sent settings to the task and checks the result as a whole (spec 02 §3, §5): the
   * window's order, the taskable of the course, the shares of a group task's peer assessment, the
   * rubric, the classes. Answers the class ids the task is for after the write.
   */
  private async apply(
    manager: EntityManager,
    task: Task,
    input: TaskSettings,
    currentClassIds: number[],
  ): Promise<number[]> {
    const issues: ValidationIssue[] = [];
    for (const [wire, property] of SETTINGS) {
      if (input[wire] !== undefined) Object.assign(task, { [property]: input[wire] });
    }
    if (input.rubric !== undefined) {
      if (input.rubric === null) task.rubric = null;
      else {
        issues.push(...rubricIssues(input.rubric));
        task.rubric = normalizeRubric(input.rubric, task.name);
      }
    }
    if (task.startAt && task.endAt && task.endAt.getTime() <= task.startAt.getTime())
      issues.push({ pointer: attributePointer('end_at'), detail: 'end_at must be after start_at' });
    if (task.assessmentMethod === 'rubric' && task.rubric === null)
      issues.push({
        pointer: attributePointer('rubric'),
        detail: 'rubric is required when assesment_method is rubric',
      });

    // Peer assessment: a group task's members' score mixes the lecturer's group score and the
    // peers' ratings in these shares (percent), which then make 100.
    if (task.taskType === 'PERSONAL') {
      for (const wire of ['student_percentage', 'lecturer_percentage'] as const)
        if (input[wire] !== undefined && input[wire] !== null)
          issues.push({ pointer: attributePointer(wire), detail: `${wire} is for GROUP tasks only` });
      task.studentPercentage = null;
      task.lecturerPercentage = null;
    } else {
      const { studentPercentage: student, lecturerPercentage: lecturer } = task;
      if ((student === null) !== (lecturer === null))
        issues.push({
          pointer: attributePointer(student === null ? 'student_percentage' : 'lecturer_percentage'),
          detail: 'student_percentage and lecturer_percentage are set together',
        });
      else if (student !== null && lecturer !== null && Math.abs(student + lecturer - 100) > 0.001)
        issues.push({
          pointer: attributePointer('student_percentage'),
          detail: `student_percentage and lecturer_percentage must sum to 100, not ${student + lecturer}`,
        });
    }

    if (input.taskable_type !== undefined || input.taskable_id !== undefined) {
      const known =
        task.taskableType === 'module'
          ? await manager.query(`SELECT 1 FROM course_modules WHERE id = $1 AND course_id = $2`, [
              task.taskableId,
              task.courseId,
            ])
          : await manager.query(`SELECT 1 FROM course_activities WHERE id = $1 AND course_id = $2`, [
              task.taskableId,
              task.courseId,
            ]);
      if (known.length === 0)
        issues.push({
          pointer: attributePointer('taskable_id'),
          detail: `taskable_id is not a ${task.taskableType} of the course`,
        });
    }

    let classIds = currentClassIds;
    if (input.class_ids !== undefined) {
      const classes = await this.projections.classesOfCourse(task.tenantId, Number(task.courseId), manager);
      const known = new Set(classes.map((row) => Number(row.id)));
      input.class_ids.forEach((classId, index) => {
        if (!known.has(classId))
          issues.push({
            pointer: attributePointer(['class_ids', index]),
            detail: `class ${classId} is not a class of the course`,
          });
      });
      classIds = [...new Set(input.class_ids)].sort((a, b) => a - b);
      if (input.all_class === undefined) task.allClass = classIds.length === 0;
    }
    if (task.allClass) classIds = [];
    else if (classIds.length === 0)
      issues.push({
        pointer: attributePointer('class_ids'),
        detail: 'class_ids names at least one class when all_class is false',
      });
    if (issues.length > 0) throw unprocessable(issues);
    return classIds;
  }

  private async setClasses(manager: EntityManager, taskId: number, classIds: number[]) {
    await manager.delete(TaskClass, { taskId });
    if (classIds.length > 0)
      await manager.insert(
        TaskClass,
        classIds.map((classId) => ({ taskId, classId })),
      );
  }
}
