import type { Provider } from '@nestjs/common';
import {
  EnrolmentChangedHandler,
  PROJECTIONS,
  TenantUpsertedHandler,
  UserUpsertedHandler,
} from '@lms/projections';
import type { MessagingConfig } from '../config';
import { EnrolmentNotifyingHandler } from './enrolment-notifying.handler';
import { ExamReminder } from './exam-reminder.entity';
import { ExamReminders, REMINDER_MINUTES } from './exam-reminders';
import { DIGEST_SETTINGS, MailDigest } from './mail/mail-digest';
import { CampusLanguage } from './campus-language.entity';
import { CampusLanguageHandler, NotificationAddressHandler } from './notification-address.handler';
import { NotificationEventsHandler } from './notification-events.handler';
import { NotificationSetting } from './notification-setting.entity';
import { UserNotification } from './notification.entity';
import { NotificationSweep, SWEEP_INTERVAL_MS } from './notification-sweep';
import { NotificationsService } from './notifications.service';
import { PushSender } from './push/push-sender';
import { PushSubscription } from './push/push-subscription.entity';
import { PushService, VAPID } from './push/push.service';

/** The notifications' tables. */
export const NOTIFICATION_ENTITIES = [
  UserNotification,
  NotificationSetting,
  CampusLanguage,
  PushSubscription,
  ExamReminder,
];

/**
 * The event handlers: the projections' own, except that enrolments, users and campuses go through
 * the notifications' extensions of theirs (one handler per event type), and the notifications' events.
 */
export const NOTIFICATION_HANDLERS = [
  ...PROJECTIONS.handlers.filter(
    (handler) =>
      handler !== EnrolmentChangedHandler &&
      handler !== UserUpsertedHandler &&
      handler !== TenantUpsertedHandler,
  ),
  EnrolmentNotifyingHandler,
  NotificationAddressHandler,
  CampusLanguageHandler,
  NotificationEventsHandler,
];

/** The notifications' providers, configured. */
export const notificationProviders = (config: MessagingConfig): Provider[] => [
  NotificationsService,
  PushService,
  PushSender,
  MailDigest,
  ExamReminders,
  NotificationSweep,
  { provide: VAPID, useValue: config.vapid },
  { provide: REMINDER_MINUTES, useValue: config.examReminderMinutes },
  { provide: SWEEP_INTERVAL_MS, useValue: config.sweepIntervalMs },
  { provide: DIGEST_SETTINGS, useValue: { smtpUrl: config.smtpUrl, intervalMs: config.digestIntervalMs } },
];
