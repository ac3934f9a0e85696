import { InboxEvent, OutboxEvent } from '@lms/events';

export const ENTITIES = [OutboxEvent, InboxEvent];
