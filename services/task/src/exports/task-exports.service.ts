import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { formatWireDate, notFound } from '@lms/jsonapi';
import { Projections } from '@lms/projections';
import { hasVisibleContent } from '@lms/richtext';
import {
  BlobNotFoundError,
  type BlobStorage,
  linkToStored,
  putWritten,
  removeQuietly,
  type StoredFile,
} from '@lms/storage';
import { TASK_STORAGE } from '../files/task-storage';
import { GradingAccess } from '../grading/grading-access';
import { ScoresExportService } from '../grading/scores-export.service';
import { type AnswerFolder, segmentOf, writeAnswersZip } from './answers-zip';
import { TaskExport } from './task-export.entity';

/** How long a download link of a ready export stays valid. */
export const EXPORT_LINK_SECONDS = 5 * 60;
/** The largest zip the store accepts (every answer of a large class with its files). */
const MAX_EXPORT_BYTES = 4 * 1024 * 1024 * 1024;
/** Answers read per query while the zip is written. */
const ANSWER_BATCH = 100;
export const ZIP_MIME = 'application/zip';

/** An export as the staff see it: with a short-lived link once it is ready. */
export interface TaskExportView {
  record: TaskExport;
  downloadUrl: string | null;
}

interface AnswerRow {
  id: string;
  answer: string | null;
  files: StoredFile[];
  owner_name: string | null;
  owner_number: string | null;
  owner_id: string;
}

/**
 * Exports of a task's sent answers as a zip (spec 02 §7 "task export via blob storage"), made in
 * the background: `request` records a queued export (one at a time per task), the runner
 * ({@link TaskExportRunner}) claims it and calls `make`, which writes the zip straight into the
 * task service's blob store — a folder per student (personal task) or group (group task) with the
 * answer's files and text, and the task's scores workbook as summary.xlsx — then marks it ready and
 * drops the task's older exports. `latest` answers the newest export with a 5-minute link.
 */
@Injectable()
export class TaskExportsService {
  private readonly logger = new Logger(TaskExportsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: GradingAccess,
    private readonly projections: Projections,
    private readonly scores: ScoresExportService,
    @Inject(TASK_STORAGE) private readonly storage: BlobStorage,
  ) {}

  /**
   * Asks for an export of the task's answers (its staff): a new queued export, or the one
   * already queued or running (`created` false).
   */
  async request(auth: AuthContext, taskId: number): Promise<{ view: TaskExportView; created: boolean }> {
    await this.access.staffTask(auth, taskId);
    return this.dataSource.transaction(async (manager) => {
      // Two requests at once make one export: the task's row is the lock.
      await manager.query(`SELECT id FROM tasks WHERE id = $1 FOR UPDATE`, [taskId]);
      const underway = await manager
        .createQueryBuilder(TaskExport, 'x')
        .where('x.task_id = :taskId AND x.status IN (:...statuses)', {
          taskId,
          statuses: ['queued', 'running'],
        })
        .orderBy('x.id', 'DESC')
        .getOne();
      if (underway) return { view: { record: underway, downloadUrl: null }, created: false };
      const record = await manager.save(
        manager.create(TaskExport, {
          tenantId: auth.tenantId,
          taskId,
          status: 'queued',
          timeZone: auth.timeZone,
          createdBy: auth.userId,
        }),
      );
      return { view: { record, downloadUrl: null }, created: true };
    });
  }

  /**
   * The newest export of the task (its staff), with a link valid 5 minutes once it is ready;
   * null when none was asked for yet.
   */
  async latest(auth: AuthContext, taskId: number): Promise<TaskExportView | null> {
    await this.access.staffTask(auth, taskId);
    const record = await this.dataSource.getRepository(TaskExport).findOne({
      where: { taskId, tenantId: auth.tenantId },
      order: { id: 'DESC' },
    });
    if (!record) return null;
    if (record.status !== 'ready' || record.blobKey === null) return { record, downloadUrl: null };
    const downloadUrl = await linkToStored(
      this.storage,
      record.blobKey,
      EXPORT_LINK_SECONDS,
      record.filename ?? 'answers.zip',
    );
    if (downloadUrl === null) throw notFound('The export is no longer stored: make it again');
    return { record, downloadUrl };
  }

  /**
   * Makes a claimed export (the runner's): writes the zip into the store, then marks it ready and
   * drops the task's older exports — or, when anything fails, marks it failed and stores nothing.
   */
  async make(job: TaskExport): Promise<void> {
    const key = `task/${job.tenantId}/exports/${job.taskId}/${randomUUID()}.zip`;
    try {
      const task = await this.task(job);
      const course = await this.projections.course(job.tenantId, task.courseId);
      if (!course) throw new ExportError('The task’s course is no longer known');
      const summary = await this.scores.workbook({
        tenantId: job.tenantId,
        timeZone: job.timeZone,
        course,
        taskId: task.id,
      });
      const stamp = formatWireDate(new Date(), job.timeZone).replace(/[-: ]/g, '').slice(0, 12);
      const filename = `${segmentOf(task.name, 'task')} answers ${stamp}.zip`;
      const { stored, result: answerCount } = await putWritten(
        this.storage,
        key,
        { contentType: ZIP_MIME, maxBytes: MAX_EXPORT_BYTES },
        (out) =>
          writeAnswersZip(
            {
              taskName: task.name,
              summary: { filename: 'summary.xlsx', write: (into) => summary.write(into) },
              folders: this.folders(job, task.taskType),
              exists: (file) => this.exists(file.key),
              open: (file) => this.storage.get(file.key),
            },
            out,
          ),
      );
      const older = await this.dataSource.transaction(async (manager) => {
        const previous = await manager
          .createQueryBuilder(TaskExport, 'x')
          .where('x.task_id = :taskId AND x.id < :id AND x.status IN (:...done)', {
            taskId: job.taskId,
            id: job.id,
            done: ['ready', 'failed'],
          })
          .getMany();
        await manager.update(TaskExport, job.id, {
          status: 'ready',
          blobKey: key,
          filename,
          size: stored.size,
          answerCount,
          finishedAt: new Date(),
        });
        if (previous.length > 0)
          await manager.delete(
            TaskExport,
            previous.map((row) => row.id),
          );
        return previous;
      });
      for (const row of older) if (row.blobKey) await removeQuietly(this.storage, row.blobKey);
    } catch (error) {
      this.logger.error(`The export ${job.id} of task ${job.taskId} failed: ${String(error)}`);
      await removeQuietly(this.storage, key);
      await this.dataSource.getRepository(TaskExport).update(job.id, {
        status: 'failed',
        error: error instanceof ExportError ? error.message : 'The zip could not be made: try again',
        finishedAt: new Date(),
      });
    }
  }

  private async task(job: TaskExport) {
    const [row]: Array<{ id: string; course_id: string; name: string; task_type: 'PERSONAL' | 'GROUP' }> =
      await this.dataSource.query(
        `SELECT id, course_id, name, task_type FROM tasks WHERE id = $1 AND tenant_id = $2 AND deleted_at IS NULL`,
        [job.taskId, job.tenantId],
      );
    if (!row) throw new ExportError('The task was deleted');
    return { id: Number(row.id), courseId: Number(row.course_id), name: row.name, taskType: row.task_type };
  }

  /**
   * The sent answers of the task as folders, a batch at a time: a student's named after them
   * and their number, a group's after the group; by name.
   */
  private async *folders(job: TaskExport, type: 'PERSONAL' | 'GROUP'): AsyncGenerator<AnswerFolder> {
    const [owner, sortName, join] =
      type === 'GROUP'
        ? [
            `g.name AS owner_name, NULL AS owner_number, a.group_id AS owner_id`,
            `g.name`,
            `JOIN task_groups g ON g.id = a.group_id`,
          ]
        : [
            `u.name AS owner_name, coalesce(u.nim, u.username) AS owner_number, a.student_id AS owner_id`,
            `coalesce(u.name, '')`,
            `LEFT JOIN users u ON u.id = a.student_id AND u.tenant_id = a.tenant_id`,
          ];
    let after: [string, string] | null = null;
    for (;;) {
      const rows: Array<AnswerRow & { sort_name: string }> = await this.dataSource.query(
        `SELECT a.id, a.answer, a.files, ${owner}, ${sortName} AS sort_name
           FROM task_answers a ${join}
          WHERE a.task_id = $1 AND a.tenant_id = $2 AND a.is_sent
            AND ${type === 'GROUP' ? 'a.group_id' : 'a.student_id'} IS NOT NULL
            AND ($3::text IS NULL OR (${sortName}, a.id) > ($3::text, $4::bigint))
          ORDER BY ${sortName}, a.id
          LIMIT ${ANSWER_BATCH}`,
        [job.taskId, job.tenantId, after?.[0] ?? null, after?.[1] ?? null],
      );
      for (const row of rows)
        yield {
          name:
            type === 'GROUP'
              ? (row.owner_name ?? `Group ${row.owner_id}`)
              : `${row.owner_name ?? `Student ${row.owner_id}`} (${row.owner_number ?? row.owner_id})`,
          text: row.answer !== null && hasVisibleContent(row.answer) ? row.answer : null,
          files: row.files,
        };
      if (rows.length < ANSWER_BATCH) return;
      const last = rows[rows.length - 1];
      after = [last.sort_name, last.id];
    }
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.storage.stat(key);
      return true;
    } catch (error) {
      if (error instanceof BlobNotFoundError) return false;
      throw error;
    }
  }
}

/** A failure whose message the staff may read. */
class ExportError extends Error {}
