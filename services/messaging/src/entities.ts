import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { CONVERSATION_ENTITIES } from './conversation-entities';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent, ...CONVERSATION_ENTITIES];
