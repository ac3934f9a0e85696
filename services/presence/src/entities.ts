import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { PresenceDetail, PresenceSession } from './sessions/presence.entity';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent, PresenceSession, PresenceDetail];
