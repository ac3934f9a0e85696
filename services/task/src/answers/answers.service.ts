import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { recordEvent, UnitOfWork } from '@lms/events';
import {
  attributePointer,
  conflict,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
  unprocessable,
} from '@lms/jsonapi';
import { Projections, UserProjection } from '@lms/projections';
import { hasVisibleContent, richTextOf } from '@lms/richtext';
import { type StoredFile } from '@lms/storage';
import { TaskFiles } from '../files/task-files';
import { scoresVisible } from '../grading/visibility';
import { TaskGroup, TaskGroupMember } from '../groups/task-group.entity';
import { Task } from '../tasks/task.entity';
import { TasksService } from '../tasks/tasks.service';
import type { ReadAnswer } from './answers.resource';
import { type AnswerInput, MAX_ANSWER_FILES } from './answers.rules';
import { TAKES_TASK_SQL, TaskAccess } from './task-access';
import { TaskAnswer } from './task-answer.entity';

const answerList = defineList<ReadAnswer>({
  entity: TaskAnswer,
  alias: 'answer',
  toOne: {
    student: { entity: UserProjection, alias: 'student', on: 'student.id = answer.student_id' },
    task: { entity: Task, alias: 'tk', on: 'tk.id = answer.task_id' },
  },
});

/** Staff of the answer's task's course (`t` is the task). */
const TEACHES_SQL = `EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = t.course_id AND cs.user_id = :me)`;
/** The caller's own answer or their group's, of a task they take now. */
const OWNS_SQL = `((answer.student_id = :me OR answer.group_id IN (
    SELECT m.group_id FROM task_group_members m WHERE m.student_id = :me))
  AND t.is_active AND (t.start_at IS NULL OR t.start_at <= now()) AND ${TAKES_TASK_SQL})`;

/** Where an answer is being saved: a personal task's student, or a group task's group. */
type Owner = { studentId: number; groupId: null } | { studentId: null; groupId: number };

/** What a save stored and what it dropped (files to remove from the store once committed). */
export interface SavedAnswer {
  answer: ReadAnswer;
  removed: StoredFile[];
}

/**
 * Answers to tasks (spec 02 §3 "Task answer", §4): a student's own for a personal task, their
 * group's for a group task. Draft (`is_sent` 0) → sent (1): a sent answer is locked for its
 * students until the staff ask for a change (back to draft with their comment). Saves and sends
 * are refused before the task's start (404, the task is not there yet) and after its end (403
 * `closed`) unless the task takes late answers — then a send is marked late — or the answer was
 * reopened by a change request.
 */
@Injectable()
export class AnswersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly access: TaskAccess,
    private readonly projections: Projections,
    private readonly files: TaskFiles,
    private readonly tasks: TasksService,
  ) {}

  /**
   * Saves (and with `is_sent` sends) the caller's answer to the task — theirs or their group's —
   * creating it on the first save. `uploaded` are files already stored for this request; they
   * join the kept ones. Answers the answer and the files it no longer holds.
   */
  async save(
    auth: AuthContext,
    target: { taskId: number; group?: boolean } | { answerId: number },
    input: AnswerInput,
    uploaded: readonly StoredFile[],
  ): Promise<SavedAnswer> {
    const { task, staff } =
      'taskId' in target
        ? await this.access.task(auth, target.taskId)
        : await this.access.answer(auth, target.answerId);
    if (staff) throw forbidden('Students answer tasks; the staff of the course score them');
    if ('taskId' in target && target.group && task.taskType !== 'GROUP')
      throw unprocessable([
        { pointer: attributePointer('task_id'), detail: 'is a personal task: answer it with setAnswer' },
      ]);
    const saved = await this.unit.run(async (manager) => {
      const owner = await this.ownerOf(auth, task, manager);
      if ('answerId' in target) {
        const named = owner.groupId !== null && (await this.groupAnswerId(task, owner.groupId, manager));
        if (named !== target.answerId) throw notFound('Answer not found');
      }
      const answer = await this.lockOrCreate(auth, task, owner, manager);
      const removed = this.apply(answer, task, input, uploaded, auth.userId);
      await manager.save(answer);
      if (answer.isSent && input.is_sent === true) await this.recordSubmitted(auth, task, answer, manager);
      return { answer, removed };
    });
    await this.files.remove(saved.removed);
    return { answer: this.shown(saved.answer, task, false), removed: saved.removed };
  }

  /** The answers the caller may read: staff those of the tasks they teach, a student their own and their group's. */
  async list(auth: AuthContext, query: ParsedQuery): Promise<[ReadAnswer[], number]> {
    const [answers, total] = await answerList.page(
      this.dataSource,
      {
        where: [
          'answer.tenant_id = :tenantId',
          `EXISTS (SELECT 1 FROM tasks t WHERE t.id = answer.task_id AND t.deleted_at IS NULL
             AND (${TEACHES_SQL} OR ${OWNS_SQL}))`,
        ],
        params: { tenantId: auth.tenantId, me: auth.userId },
        with: query.include,
      },
      query,
    );
    if (answers.length === 0) return [answers, total];
    const rows: Array<{ id: string; show_score: boolean; teaches: boolean }> = await this.dataSource.query(
      `SELECT t.id, t.show_score,
              EXISTS (SELECT 1 FROM course_staff cs WHERE cs.course_id = t.course_id AND cs.user_id = $2) AS teaches
         FROM tasks t WHERE t.id = ANY($1::bigint[])`,
      [[...new Set(answers.map((answer) => Number(answer.taskId)))], auth.userId],
    );
    const tasks = new Map(rows.map((row) => [Number(row.id), row]));
    for (const answer of answers) {
      const task = tasks.get(Number(answer.taskId));
      answer.scoresShown = task !== undefined && scoresVisible({ showScore: task.show_score }, task.teaches);
    }
    await this.tasks.decorate(
      auth,
      answers.flatMap((answer) => (answer.task ? [answer.task] : [])),
    );
    return [answers, total];
  }

  /** One answer the caller may read (`include=student,task`). */
  async get(auth: AuthContext, answerId: number, include: readonly string[] = []): Promise<ReadAnswer> {
    const { answer, task, staff } = await this.access.answer(auth, answerId);
    const read = this.shown(answer, task, staff);
    if (include.includes('student'))
      read.student =
        answer.studentId === null
          ? null
          : ((await this.projections.users(auth.tenantId, [Number(answer.studentId)]))[0] ?? null);
    if (include.includes('task')) {
      read.task = task;
      await this.tasks.decorate(auth, [read.task]);
    }
    return read;
  }

  /** The answer of a group (null before its first save), for its members and the staff. */
  async ofGroup(auth: AuthContext, groupId: number): Promise<ReadAnswer | null> {
    const group = await this.dataSource.manager.findOneBy(TaskGroup, {
      id: groupId,
      tenantId: auth.tenantId,
    });
    if (!group) throw notFound('Group not found');
    const { task, staff } = await this.access.task(auth, Number(group.taskId)).catch(() => {
      throw notFound('Group not found');
    });
    if (
      !staff &&
      !(await this.dataSource.manager.existsBy(TaskGroupMember, { groupId, studentId: auth.userId }))
    )
      throw notFound('Group not found');
    const answer = await this.dataSource.manager.findOneBy(TaskAnswer, { taskId: task.id, groupId });
    return answer ? this.shown(answer, task, staff) : null;
  }

  /**
   * A change request of the staff: the sent answer goes back to draft with their comment, so its
   * students may change and send it again (even after the task's end). `group` limits it to a
   * group's answer (the group route).
   */
  async requestChange(
    auth: AuthContext,
    answerId: number,
    comment: string,
    options: { group?: boolean } = {},
  ): Promise<ReadAnswer> {
    const { task, staff, answer } = await this.access.answer(auth, answerId);
    if (options.group && answer.groupId === null) throw notFound('Group answer not found');
    if (!staff) throw forbidden('Only the lecturer and assistants of the course ask for changes');
    const changed = await this.unit.run(async (manager) => {
      const locked = await manager.findOne(TaskAnswer, {
        where: { id: answerId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!locked) throw notFound('Answer not found');
      if (!locked.isSent)
        throw conflict('The answer is a draft: a change can be asked of a sent answer only', 'not_sent');
      locked.isSent = false;
      locked.comment = comment;
      locked.updatedBy = auth.userId;
      const saved = await manager.save(locked);
      await this.recordReopened(auth, task, saved, manager);
      return saved;
    });
    return this.shown(changed, task, true);
  }

  /** The files of an answer the caller may read. */
  async filesOf(auth: AuthContext, answerId: number): Promise<StoredFile[]> {
    return (await this.access.answer(auth, answerId)).answer.files;
  }

  /** An answer as the reader may see it (scores withheld from students unless the task shows them). */
  private shown(answer: TaskAnswer, task: Task, staff: boolean): ReadAnswer {
    return Object.assign(answer, { scoresShown: scoresVisible(task, staff) });
  }

  /** Whose answer the caller saves: their own (personal task) or their group's (group task). */
  private async ownerOf(auth: AuthContext, task: Task, manager: EntityManager): Promise<Owner> {
    if (task.taskType === 'PERSONAL') return { studentId: auth.userId, groupId: null };
    const group = await this.access.groupOf(Number(task.id), auth.userId, manager);
    if (!group)
      throw forbidden(
        'This is a group task and you are not in a group of it yet: ask the lecturer to put you in one',
        'no_group',
      );
    return { studentId: null, groupId: Number(group.id) };
  }

  private async groupAnswerId(task: Task, groupId: number, manager: EntityManager) {
    const answer = await manager.findOneBy(TaskAnswer, { taskId: task.id, groupId });
    return answer ? Number(answer.id) : null;
  }

  /**
   * The owner's answer locked for this transaction, made as an empty draft when there is none (two
   * first saves at once make one answer: the unique index decides, the loser waits on the lock).
   */
  private async lockOrCreate(auth: AuthContext, task: Task, owner: Owner, manager: EntityManager) {
    const column = owner.studentId !== null ? 'student_id' : 'group_id';
    await manager.query(
      `INSERT INTO task_answers (tenant_id, task_id, student_id, group_id, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (task_id, ${column}) WHERE ${column} IS NOT NULL DO NOTHING`,
      [auth.tenantId, task.id, owner.studentId, owner.groupId, auth.userId],
    );
    const answer = await manager.findOne(TaskAnswer, {
      where:
        owner.studentId !== null
          ? { taskId: task.id, studentId: owner.studentId }
          : { taskId: task.id, groupId: owner.groupId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!answer) throw new Error(`the answer of task ${task.id} vanished while it was saved`);
    return answer;
  }

  /** Applies a save to the locked answer by the rules of the class; answers the files dropped. */
  private apply(
    answer: TaskAnswer,
    task: Task,
    input: AnswerInput,
    uploaded: readonly StoredFile[],
    userId: number,
  ): StoredFile[] {
    if (answer.isSent)
      throw conflict(
        'The answer was sent: it can change again only when the lecturer asks for a change',
        'already_sent',
      );
    const now = new Date();
    const ended = task.endAt !== null && task.endAt.getTime() < now.getTime();
    /** Sent before, then sent back to draft by a change request: the lecturer wants it again. */
    const reopened = answer.sentAt !== null;
    if (ended && !task.isLateable && !reopened)
      throw forbidden('The task has ended and does not take late answers', 'closed');

    if (input.answer !== undefined) {
      const text = input.answer === null ? '' : richTextOf(input.answer);
      answer.answer = hasVisibleContent(text) ? text : null;
    }
    const kept = input.files === undefined ? answer.files : this.kept(answer.files, input.files);
    const removed = answer.files.filter((file) => !kept.includes(file));
    const files = [...kept, ...uploaded];
    if (files.length > MAX_ANSWER_FILES)
      throw unprocessable([
        {
          pointer: attributePointer('file'),
          detail: `An answer holds at most ${MAX_ANSWER_FILES} files; it would hold ${files.length}`,
        },
      ]);
    answer.files = files;
    answer.updatedBy = userId;

    if (input.is_sent === true) {
      if (task.fileRequired && files.length === 0)
        throw unprocessable([
          {
            pointer: attributePointer('file'),
            detail: 'This task needs a file: attach one before sending',
            code: 'file_required',
          },
        ]);
      if (answer.answer === null && files.length === 0)
        throw unprocessable([
          { pointer: attributePointer('answer'), detail: 'Text is required (or a file) to send an answer' },
        ]);
      answer.isSent = true;
      // A late send stays late when sent again on request; one asked again after the end is not late for that.
      answer.isLate = ended && (reopened ? answer.isLate : true);
      answer.sentAt = now;
    }
    return removed;
  }

  /** The answer's files named in `keys` (each must be one of them). */
  private kept(files: readonly StoredFile[], keys: readonly string[]): StoredFile[] {
    const issues = keys.flatMap((key, index) =>
      files.some((file) => file.key === key)
        ? []
        : [{ pointer: attributePointer(['files', index]), detail: `${key} is not a file of this answer` }],
    );
    if (issues.length > 0) throw unprocessable(issues);
    return files.filter((file) => keys.includes(file.key));
  }

  /** The students an answer counts for: its student, or its group's members now. */
  private async membersOf(answer: TaskAnswer, manager: EntityManager): Promise<number[]> {
    if (answer.groupId === null) return [Number(answer.studentId)];
    const members = await manager.find(TaskGroupMember, {
      where: { groupId: Number(answer.groupId) },
      order: { studentId: 'ASC' },
    });
    return members.map((member) => Number(member.studentId));
  }

  /** `task.answer.reopened`: a change request sent the answer back to its students. */
  private async recordReopened(auth: AuthContext, task: Task, answer: TaskAnswer, manager: EntityManager) {
    await recordEvent(manager, 'task.answer.reopened', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: Number(answer.id),
      data: {
        answerId: Number(answer.id),
        taskId: Number(task.id),
        courseId: Number(task.courseId),
        studentId: answer.studentId === null ? null : Number(answer.studentId),
        groupId: answer.groupId === null ? null : Number(answer.groupId),
        memberIds: await this.membersOf(answer, manager),
        reopenedAt: new Date().toISOString(),
      },
    });
  }

  private async recordSubmitted(auth: AuthContext, task: Task, answer: TaskAnswer, manager: EntityManager) {
    const memberIds = await this.membersOf(answer, manager);
    await recordEvent(manager, 'task.answer.submitted', {
      tenantId: auth.tenantId,
      actorId: auth.userId,
      key: Number(answer.id),
      data: {
        answerId: Number(answer.id),
        taskId: Number(task.id),
        courseId: Number(task.courseId),
        studentId: answer.studentId === null ? null : Number(answer.studentId),
        groupId: answer.groupId === null ? null : Number(answer.groupId),
        memberIds,
        sentBy: auth.userId,
        isLate: answer.isLate,
        sentAt: (answer.sentAt ?? new Date()).toISOString(),
      },
    });
  }
}
