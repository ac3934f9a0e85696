import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { recordEvent, UnitOfWork } from '@lms/events';
import { PeriodicJob } from '@lms/platform';

/** Injection token of the reminders' settings (CARD_REMINDER_HOURS, CARD_REMINDER_INTERVAL_MS). */
export const CARD_REMINDER_SETTINGS = Symbol('CARD_REMINDER_SETTINGS');
export interface CardReminderSettings {
  /** Hours before a card's due date its assignees are reminded. */
  hours: number;
  /** Milliseconds between two sweeps. */
  intervalMs: number;
}

/** Cards reminded per transaction; a sweep takes batches until none is left. */
const BATCH = 100;

/**
 * "Due soon": every `intervalMs` each replica looks for the board cards due within `hours` (and
 * not yet past), not done, with assignees, whose assignees were not reminded of that due date, and
 * records `project.card.due` for each (the messaging service tells the assignees) in the
 * transaction that marks the card reminded (`reminded_due_at`: a moved due date is reminded anew).
 * The cards are claimed `FOR UPDATE SKIP LOCKED`, so replicas sweeping at once share the work and
 * none is reminded twice.
 */
@Injectable()
export class CardReminders implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('project.card-reminders');
  private readonly task: PeriodicJob;

  constructor(
    private readonly unit: UnitOfWork,
    @Inject(CARD_REMINDER_SETTINGS) private readonly settings: CardReminderSettings,
  ) {
    this.task = new PeriodicJob(
      { name: 'card reminders', intervalMs: settings.intervalMs, logger: this.logger },
      async () => {
        const count = await this.sweep();
        if (count > 0) this.logger.log(`reminded the assignees of ${count} card(s) due soon`);
      },
    );
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  async onModuleDestroy() {
    await this.task.stop();
  }

  /** One sweep: reminds every card due soon it can claim; how many it reminded. */
  async sweep(): Promise<number> {
    return this.task.inBatches(async () => {
      const count = await this.unit.run((manager) => this.remindDue(manager));
      return { count, full: count === BATCH };
    });
  }

  /** One batch, in the caller's transaction: how many cards it reminded. */
  private async remindDue(manager: EntityManager): Promise<number> {
    const due: Array<{
      id: string;
      content_id: string;
      title: string;
      due_at: Date;
      tenant_id: string;
      project_id: string;
      workspace_id: string;
      project_name: string;
      assignee_ids: string[];
    }> = await manager.query(
      `SELECT c.id, c.content_id, c.title, c.due_at, ct.tenant_id, ct.project_id, p.workspace_id,
              p.name AS project_name,
              ARRAY(SELECT a.user_id FROM board_card_assignees a WHERE a.card_id = c.id
                     ORDER BY a.assigned_at, a.user_id) AS assignee_ids
         FROM board_cards c
         JOIN project_contents ct ON ct.id = c.content_id
         JOIN projects p ON p.id = ct.project_id
        WHERE c.completed_at IS NULL AND c.due_at > now() AND c.due_at <= now() + make_interval(hours => $1)
          AND c.reminded_due_at IS DISTINCT FROM c.due_at
          AND EXISTS (SELECT 1 FROM board_card_assignees a WHERE a.card_id = c.id)
        ORDER BY c.due_at, c.id LIMIT $2 FOR UPDATE OF c SKIP LOCKED`,
      [this.settings.hours, BATCH],
    );
    for (const card of due) {
      await manager.query(`UPDATE board_cards SET reminded_due_at = due_at WHERE id = $1`, [card.id]);
      await recordEvent(manager, 'project.card.due', {
        tenantId: Number(card.tenant_id),
        key: card.id,
        data: {
          cardId: Number(card.id),
          contentId: Number(card.content_id),
          projectId: Number(card.project_id),
          workspaceId: Number(card.workspace_id),
          projectName: card.project_name,
          title: card.title,
          assigneeIds: card.assignee_ids.map(Number),
          dueAt: card.due_at.toISOString(),
        },
      });
    }
    return due.length;
  }
}
