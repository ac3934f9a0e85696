import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { CONVERSATION_ENTITIES } from './conversation-entities';
import { NOTIFICATION_ENTITIES } from './notifications/notification-parts';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  ...CONVERSATION_ENTITIES,
  ...NOTIFICATION_ENTITIES,
];
