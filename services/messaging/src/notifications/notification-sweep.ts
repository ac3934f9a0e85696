import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicJob } from '@lms/platform';
import { ExamReminders } from './exam-reminders';
import { MailDigest } from './mail/mail-digest';
import { PushSender } from './push/push-sender';

/** Injection token of the sweep's interval (NOTIFICATION_SWEEP_INTERVAL_MS). */
export const SWEEP_INTERVAL_MS = Symbol('SWEEP_INTERVAL_MS');

/**
 * The notifications' timer, the platform's one way of scheduling (as the exam's attempt sweeper):
 * every `intervalMs` each replica reminds the exams about to start, pushes the new notifications
 * and sends the digests that are due; each step claims its rows `FOR UPDATE SKIP LOCKED`, so
 * replicas share the work and nothing is done twice.
 */
@Injectable()
export class NotificationSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicJob;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: ExamReminders,
    private readonly push: PushSender,
    private readonly digest: MailDigest,
    @Inject(SWEEP_INTERVAL_MS) intervalMs: number,
  ) {
    const logger = new Logger('messaging.notification-sweep');
    this.task = new PeriodicJob({ name: 'notification sweep', intervalMs, logger }, async () => {
      await this.sweep();
    });
  }

  onApplicationBootstrap() {
    this.task.start();
  }

  async onModuleDestroy() {
    await this.task.stop();
  }

  /** One pass of the three steps, in this order (a reminder made now is pushed now). */
  async sweep(): Promise<{ reminded: number; pushed: number; digests: number }> {
    const reminded = await this.task.inBatches(async () => {
      const count = await this.dataSource.transaction((manager) => this.reminders.remindDue(manager));
      return { count, full: count > 0 };
    });
    const pushed = await this.push.sendDue();
    const digests = await this.digest.sendDue();
    return { reminded, pushed, digests };
  }
}
