import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { NOTIFICATION_ENTITIES } from './notifications/notification-parts';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent, ...NOTIFICATION_ENTITIES];
