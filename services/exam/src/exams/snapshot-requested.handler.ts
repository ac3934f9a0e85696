import { Controller, Logger } from '@nestjs/common';
import { type EventContext, type EventOf, EVERY_CAMPUS, OnEvent } from '@lms/events';
import { Exam } from './exam.entity';
import {
  recordAttemptFactsSnapshot,
  recordExamDeleted,
  recordExamUpserted,
  recordScoredAttemptsSnapshot,
} from './exam-events.data';

@Controller()
export class SnapshotRequestedHandler {
  private readonly logger = new Logger(SnapshotRequestedHandler.name);

  /**
   * A consumer's backfill (the course service's gradebook, agenda, to-do and timelines):
   * republishes, for the campus asked about or every campus, every exam (`exam.exam`: upserted,
   * or deleted for a deleted one) and every attempt (`exam.attempt`: `exam.attempt.started` and,
   * once it ended, `exam.attempt.finished` of every started attempt; `exam.attempt.scored`,
   * reason `snapshot`, of every scored one). Other topics are their owners' to answer.
   */
  @OnEvent('platform.snapshot.requested')
  async handle(envelope: EventOf<'platform.snapshot.requested'>, context: EventContext) {
    const { topics, requestedBy } = envelope.data;
    const exams = topics.includes('exam.exam');
    const attempts = topics.includes('exam.attempt');
    if (!exams && !attempts) return;
    const manager = context.manager;
    const campuses =
      envelope.tenantId === EVERY_CAMPUS
        ? (
            (await manager.query(`SELECT DISTINCT tenant_id FROM exams ORDER BY tenant_id`)) as Array<{
              tenant_id: string;
            }>
          ).map((row) => Number(row.tenant_id))
        : [envelope.tenantId];
    for (const tenantId of campuses) {
      const said: string[] = [];
      if (exams) {
        const rows = await manager.find(Exam, { where: { tenantId }, order: { id: 'ASC' } });
        // A deleted exam as its deletion alone: the consumers drop it, there is nothing to upsert.
        for (const exam of rows)
          if (exam.deletedAt === null) await recordExamUpserted(manager, tenantId, envelope.actorId, exam);
          else await recordExamDeleted(manager, tenantId, envelope.actorId, exam);
        said.push(`${rows.length} exams`);
      }
      if (attempts) {
        said.push(`${await recordAttemptFactsSnapshot(manager, tenantId, envelope.actorId)} attempts`);
        said.push(
          `${await recordScoredAttemptsSnapshot(manager, tenantId, envelope.actorId)} scored attempts`,
        );
      }
      this.logger.log(`republished ${said.join(' and ')} of campus ${tenantId} for ${requestedBy}`);
    }
  }
}
