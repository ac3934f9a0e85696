import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { type AuthContext, CurrentAuth, JsonApiQuery } from '@lms/auth';
import {
  Attributes,
  type AttributesOf,
  PAGE_META,
  pageMeta,
  type ParsedQuery,
  ParseIdPipe,
  respond,
  Responds,
} from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { FILE_DOWNLOAD_RESPONSES, MULTIPART_FILES_BODY } from '@lms/storage';
import { taskStudentResource, taskStudentsQuery } from './task-students';
import { taskQuery, taskResource } from './tasks.resource';
import { classesSyncRules, taskCreateRules, taskUpdateRules } from './tasks.rules';
import { TasksService } from './tasks.service';

/** Tasks (assignments) of courses: spec 02 §7 "Tasks". */
@Controller('api/course/tasks')
export class TasksController {
  constructor(private readonly tasks: TasksService) {}

  /**
   * The caller's tasks, latest end first: staff those of the courses they teach (with counts),
   * students the active, started ones of their classes (with `meta.my_answer`). `filter[course_id]`,
   * `filter[taskable_type]`, `filter[taskable_id]`, `filter[is_active]`, `filter[homepage]=1`
   * (spec 02 §6), `filter[trashed]=1` (staff: the deleted ones), `sort`, `include=classes`,
   * `page[limit|offset]` (limit 0: all).
   */
  @Get()
  @Responds(taskResource, { list: true, meta: PAGE_META })
  async list(@CurrentAuth() auth: AuthContext, @JsonApiQuery(taskQuery) query: ParsedQuery) {
    const [tasks, total] = await this.tasks.list(auth, query);
    return respond(taskResource, tasks, { include: query.include, meta: pageMeta(total, query) });
  }

  /** A new task of a course the caller teaches, attached to one of its modules or activities. */
  @Post()
  @Responds(taskResource)
  async create(
    @CurrentAuth() auth: AuthContext,
    @Attributes(taskCreateRules) input: AttributesOf<typeof taskCreateRules>,
  ) {
    return respond(taskResource, await this.tasks.create(auth, input));
  }

  /** Which classes a task is for: `{action: 'sync', task_id, all_class, class_ids}`. */
  @Put('classes')
  @Responds(taskResource)
  async syncClasses(
    @CurrentAuth() auth: AuthContext,
    @Attributes(classesSyncRules) input: AttributesOf<typeof classesSyncRules>,
  ) {
    return respond(taskResource, await this.tasks.syncClasses(auth, input), { include: ['classes'] });
  }

  @Get(':id')
  @Responds(taskResource)
  async get(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(taskQuery, { includeOnly: true }) query: ParsedQuery,
  ) {
    return respond(taskResource, await this.tasks.get(auth, id, query.include), { include: query.include });
  }

  /** Changes the attributes sent, and only those. */
  @Patch(':id')
  @Responds(taskResource)
  async update(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Attributes(taskUpdateRules) input: AttributesOf<typeof taskUpdateRules>,
  ) {
    return respond(taskResource, await this.tasks.update(auth, id, input));
  }

  /** Soft delete (restore with `PUT /course/tasks/{id}`). */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    await this.tasks.remove(auth, id);
  }

  /** Restores a deleted task. */
  @Put(':id')
  @Responds(taskResource)
  async restore(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) id: number) {
    return respond(taskResource, await this.tasks.restore(auth, id));
  }

  /** Every student the task is for, with their answer, group and state (staff). */
  @Get(':id/students')
  @Responds(taskStudentResource, { list: true, meta: PAGE_META })
  async students(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @JsonApiQuery(taskStudentsQuery) query: ParsedQuery,
  ) {
    const [rows, total] = await this.tasks.students(auth, id, query);
    return respond(taskStudentResource, rows, { meta: pageMeta(total, query) });
  }

  /**
   * Attaches files to the task (`multipart/form-data`, each in a part named `file`; judged by
   * their bytes, at most TASK_FILE_MAX_BYTES each). Answers the task.
   */
  @Post(':id/files')
  @Responds(taskResource)
  @DocumentOperation({ summary: 'Attach files to a task', requestBody: MULTIPART_FILES_BODY })
  async addFiles(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Req() request: FastifyRequest,
  ) {
    return respond(taskResource, await this.tasks.addFiles(auth, id, request));
  }

  /** Detaches a file (its key, or the key's last segment) and deletes it. Answers the task. */
  @Delete(':id/files/:key')
  @Responds(taskResource)
  async removeFile(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
  ) {
    return respond(taskResource, await this.tasks.removeFile(auth, id, key));
  }

  /** A file of the task, for whoever may read the task. */
  @Get(':id/files/:key')
  @DocumentOperation({ summary: 'Download a file of a task', responses: FILE_DOWNLOAD_RESPONSES })
  async file(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) id: number,
    @Param('key') key: string,
    @Query('inline') inline: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    return this.tasks.sendFile(auth, id, key, reply, inline === '1' || inline === 'true');
  }
}
