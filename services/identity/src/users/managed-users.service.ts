import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AuthContext, RevokedSessions } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { applyQuery, attributePointer, notFound, type ParsedQuery, unprocessable } from '@lms/jsonapi';
import { TenantsService } from '../tenants/tenants.service';
import { OwnRecords } from './own-records';
import { User } from './user.entity';
import { revokeRefreshTokens } from '../sessions/sessions.data';
import { recordUserUpserted } from './users.data';

/**
 * How long an ended session stays on the shared revocation list: longer than any access token
 * lives (the gateway's ACCESS_TTL_SECONDS is at most a day).
 */
export const SESSION_REVOCATION_MS = 24 * 3600 * 1000 + 60_000;

/** Users of a campus as its operators manage them: the list, deactivation and reactivation. */
@Injectable()
export class ManagedUsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly tenants: TenantsService,
    private readonly own: OwnRecords,
    private readonly revoked: RevokedSessions,
  ) {}

  /** The campus's users, with the zone its dates are written in. */
  async list(
    auth: AuthContext,
    campusId: number,
    query: ParsedQuery,
  ): Promise<{ users: User[]; total: number; timeZone: string }> {
    const { tenant } = await this.tenants.managed(auth, campusId);
    const builder = this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId', { tenantId: tenant.id });
    const [users, total] = await applyQuery(builder, query).getManyAndCount();
    return { users, total, timeZone: tenant.timeZone };
  }

  /**
   * Deactivates or reactivates a user of a campus the operator manages. A deactivated user cannot
   * sign in; every session of theirs ends now (their refresh tokens are revoked, their access
   * tokens refused at the gateway); other services learn it from `identity.user.upserted`.
   */
  async setActive(
    auth: AuthContext,
    campusId: number,
    userId: number,
    active: boolean,
  ): Promise<{ user: User; timeZone: string }> {
    const { tenant } = await this.tenants.managed(auth, campusId);
    if (!active && userId === auth.userId)
      throw unprocessable([
        { pointer: attributePointer('active'), detail: 'You cannot deactivate yourself' },
      ]);
    const { user, sessions } = await this.unit.run(async (manager) => {
      const found = await manager.findOne(User, {
        where: { id: userId, tenantId: tenant.id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!found) throw notFound('User not found');
      if (found.active === active) return { user: found, sessions: [] as string[] };
      found.active = active;
      const saved = await manager.save(found);
      const ended = active ? [] : await revokeRefreshTokens(manager, userId);
      await recordUserUpserted(manager, saved, auth.userId);
      return { user: saved, sessions: ended };
    });
    this.own.forget(tenant.id, userId);
    for (const session of sessions) await this.revoked.revoke(session, SESSION_REVOCATION_MS);
    return { user, timeZone: tenant.timeZone };
  }
}
