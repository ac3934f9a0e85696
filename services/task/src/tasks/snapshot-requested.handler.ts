import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, EVERY_CAMPUS, OnEvent } from '@lms/events';
import { Task } from './task.entity';
import {
  recordAnswerFactsSnapshot,
  recordScoredAnswersSnapshot,
  recordTaskUpserted,
} from './task-events.data';

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill (the course service's gradebook, agenda, to-do and timelines):
   * republishes, for the campus asked about or every campus, every task (`task.task`, deleted
   * ones with `deleted` true) and every answer ever sent (`task.answer`: `task.answer.submitted`
   * or `task.answer.reopened` as it stands, and `task.answer.scored`, reason `snapshot`, of every
   * scored one). Other topics are their owners' to answer.
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const { topics, requestedBy } = envelope.data;
    const tasks = topics.includes('task.task');
    const answers = topics.includes('task.answer');
    if (!tasks && !answers) return;
    const manager = context.manager;
    const campuses =
      envelope.tenantId === EVERY_CAMPUS
        ? (
            (await manager.query(`SELECT DISTINCT tenant_id FROM tasks ORDER BY tenant_id`)) as Array<{
              tenant_id: string;
            }>
          ).map((row) => Number(row.tenant_id))
        : [envelope.tenantId];
    for (const tenantId of campuses) {
      const said: string[] = [];
      if (tasks) {
        const rows = await manager.find(Task, {
          where: { tenantId },
          order: { id: 'ASC' },
          withDeleted: true,
        });
        for (const task of rows) await recordTaskUpserted(manager, tenantId, envelope.actorId, task);
        said.push(`${rows.length} tasks`);
      }
      if (answers) {
        said.push(`${await recordAnswerFactsSnapshot(manager, tenantId, envelope.actorId)} sent answers`);
        said.push(`${await recordScoredAnswersSnapshot(manager, tenantId, envelope.actorId)} scored answers`);
      }
      this.logger.log(`republished ${said.join(' and ')} of campus ${tenantId} for ${requestedBy}`);
    }
  }
}
