export type { EventEnvelope, EventTraceContext } from './envelope';
export { createEnvelope, topicOf } from './envelope';
export type {
  CourseCompletionChanged,
  CourseCourseUpserted,
  CourseEnrolmentChanged,
  CourseFormAssessed,
  CourseEnrolmentSnapshotted,
  CourseStaffChanged,
  CourseStructureChanged,
  CourseStructureSnapshotted,
  CourseThreadMentioned,
  EventDataMap,
  EventType,
  ExamAttemptFinished,
  ExamAttemptScored,
  ExamAttemptStarted,
  ExamExamDeleted,
  ExamExamUpserted,
  IdentityTenantUpserted,
  IdentityUserPlaced,
  IdentityUserUpserted,
  PlatformRole,
  PlatformSnapshotRequested,
  TaskAnswerScored,
} from './catalogue';
export {
  assertEventData,
  EVENT_SCHEMAS,
  EVERY_CAMPUS,
  isKnownEventType,
  LANGUAGES,
  type Language,
} from './catalogue';
export { OnEvent } from './on-event.decorator';
export type { EventOf } from './on-event.decorator';
export { OutboxEvent } from './outbox.entity';
export { InboxEvent } from './inbox.entity';
export { EventsTables1763800000000 } from './events-tables.migration';
export { OutboxOrder1795533482436 } from './outbox-order.migration';
export { outboxRow, recordEvent } from './outbox';
export type { OutboxRow } from './outbox';
export type { EventTransport, EventHandler, Subscription, DeadLetter } from './transport';
export { InProcessTransport, TransportClosedError } from './in-process.transport';
export { OutboxRelay, outboxRetentionHours } from './relay';
export { UnitOfWork } from './unit-of-work';
export { EventContext, EventHandlerErrors, EventsServer } from './events.server';
export type { EventsServerOptions } from './events.server';
export { EventsModule, EVENT_TRANSPORT, InjectTransport } from './events.module';
export type { EventsModuleOptions } from './events.module';
export { KafkaTransport } from './kafka.transport';
export type { KafkaTransportOptions } from './kafka.transport';
