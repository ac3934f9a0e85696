import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent];
