import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  private readonly logger = new Logger('messaging.notification-sweep');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: ExamReminders,
    private readonly push: PushSender,
    private readonly digest: MailDigest,
    @Inject(SWEEP_INTERVAL_MS) private readonly intervalMs: number,
  ) {}

  onApplicationBootstrap() {
    this.schedule();
  }

  async onModuleDestroy() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One pass of the three steps, in this order (a reminder made now is pushed now). */
  async sweep(): Promise<{ reminded: number; pushed: number; digests: number }> {
    let reminded = 0;
    for (;;) {
      const count = await this.dataSource.transaction((manager) => this.reminders.remindDue(manager));
      reminded += count;
      if (count === 0 || this.stopped) break;
    }
    const pushed = await this.push.sendDue();
    const digests = await this.digest.sendDue();
    return { reminded, pushed, digests };
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .catch((error: unknown) =>
          this.logger.warn(`notification sweep failed, next in ${this.intervalMs} ms: ${String(error)}`),
        )
        .finally(() => this.schedule());
    }, this.intervalMs);
    this.timer.unref();
  }
}
