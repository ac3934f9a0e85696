import type { EntityManager } from 'typeorm';
import { type EventDataMap, outboxRow, recordEvent } from '@lms/events';
import type { User } from './user.entity';

/** What other services learn of a user: the fields `identity.user.upserted` carries. */
export type PublishedUser = Pick<
  User,
  | 'id'
  | 'tenantId'
  | 'username'
  | 'name'
  | 'email'
  | 'thumbnail'
  | 'level'
  | 'active'
  | 'nidn'
  | 'nim'
  | 'notificationEmail'
  | 'language'
  | 'updatedAt'
>;

function upsertedData(user: PublishedUser): EventDataMap['identity.user.upserted'] {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    email: user.email,
    thumbnail: user.thumbnail,
    role: user.level,
    active: user.active,
    nidn: user.nidn,
    nim: user.nim,
    notificationEmail: user.notificationEmail,
    language: user.language,
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Publishes the user's current state for the other services' projections. */
export function recordUserUpserted(manager: EntityManager, user: PublishedUser, actorId: number | null) {
  return recordEvent(manager, 'identity.user.upserted', {
    tenantId: user.tenantId,
    actorId,
    key: user.id,
    data: upsertedData(user),
  });
}

/** The outbox row publishing the user's current state, for a statement writing many at once. */
export function userUpsertedRow(user: PublishedUser, actorId: number | null) {
  return outboxRow('identity.user.upserted', {
    tenantId: user.tenantId,
    actorId,
    key: user.id,
    data: upsertedData(user),
  });
}
