import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type AuthContext, CurrentAuth } from '@lms/auth';
import { ParseIdPipe, respond, Responds } from '@lms/jsonapi';
import { DocumentOperation } from '@lms/platform';
import { TaskExportRunner } from './task-export.runner';
import { taskExportResource } from './task-exports.resource';
import { TaskExportsService } from './task-exports.service';

/**
 * The export of a task's answers as a zip (spec 02 §7 "task export via blob storage"), for the
 * course's staff: asked for, made in the background, then downloaded by a short-lived link.
 */
@Controller('api/course/task')
export class TaskExportsController {
  constructor(
    private readonly exports: TaskExportsService,
    private readonly runner: TaskExportRunner,
  ) {}

  /**
   * Asks for a zip of the task's sent answers (a folder per student or group, summary.xlsx):
   * 202 with the queued export, or 200 with the one already queued or running.
   */
  @Post(':id/export')
  @HttpCode(202)
  @Responds(taskExportResource)
  @DocumentOperation({ summary: 'Ask for a zip of a task’s answers, made in the background' })
  async request(
    @CurrentAuth() auth: AuthContext,
    @Param('id', ParseIdPipe) taskId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { view, created } = await this.exports.request(auth, taskId);
    this.runner.kick();
    if (!created) reply.status(200);
    return respond(taskExportResource, view);
  }

  /** The newest export of the task: its status, and once ready a link valid 5 minutes (null: none yet). */
  @Get(':id/export')
  @Responds(taskExportResource, { nullable: true })
  @DocumentOperation({ summary: 'The newest zip export of a task’s answers and its progress' })
  async latest(@CurrentAuth() auth: AuthContext, @Param('id', ParseIdPipe) taskId: number) {
    return respond(taskExportResource, await this.exports.latest(auth, taskId));
  }
}
