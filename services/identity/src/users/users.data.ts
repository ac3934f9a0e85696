import type { EntityManager } from 'typeorm';
import { recordEvent } from '@lms/events';
import type { User } from './user.entity';

/** Publishes the user's current state for the other services' projections. */
export function recordUserUpserted(manager: EntityManager, user: User, actorId: number | null) {
  return recordEvent(manager, 'identity.user.upserted', {
    tenantId: user.tenantId,
    actorId,
    key: user.id,
    data: {
      id: user.id,
      username: user.username,
      name: user.name,
      email: user.email,
      thumbnail: user.thumbnail,
      role: user.level,
      active: user.active,
      nidn: user.nidn,
      nim: user.nim,
      updatedAt: user.updatedAt.toISOString(),
    },
  });
}
