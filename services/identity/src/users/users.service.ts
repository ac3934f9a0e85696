import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { OutboxRelay } from '@lms/events';
import { applyQuery, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import type { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { User } from './user.entity';
import { recordUserUpserted } from './users.data';

export interface OwnProfileChanges {
  thumbnail?: string | null;
  notification_email?: string | null;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly tenants: TenantsService,
  ) {}

  /** The caller's campus (cached for a few seconds: every read of a user needs its name and zone). */
  async tenantOf(auth: AuthContext): Promise<Readonly<Tenant>> {
    const tenant = await this.tenants.findById(auth.tenantId);
    if (!tenant) throw notFound('Campus not found');
    return tenant;
  }

  /** A user of the caller's campus; one of another campus does not exist for the caller. */
  async get(auth: AuthContext, id: number): Promise<User> {
    const user = await this.dataSource.getRepository(User).findOneBy({ id, tenantId: auth.tenantId });
    if (!user) throw notFound('User not found');
    return user;
  }

  list(auth: AuthContext, query: ParsedQuery): Promise<[User[], number]> {
    const qb = this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId', { tenantId: auth.tenantId });
    return applyQuery(qb, query).getManyAndCount();
  }

  /** A user changes their own picture or notification e-mail; nobody changes someone else's. */
  async updateOwn(auth: AuthContext, id: number, changes: OwnProfileChanges): Promise<User> {
    await this.get(auth, id);
    if (id !== auth.userId) throw forbidden('You can only change your own profile');
    const updated = await this.dataSource.transaction(async (manager) => {
      const patch: Partial<User> = {};
      if (changes.thumbnail !== undefined) patch.thumbnail = changes.thumbnail;
      if (changes.notification_email !== undefined) patch.notificationEmail = changes.notification_email;
      if (Object.keys(patch).length > 0) await manager.update(User, { id, tenantId: auth.tenantId }, patch);
      const user = await manager.findOneByOrFail(User, { id });
      await recordUserUpserted(manager, user, auth.userId);
      return user;
    });
    this.relay.nudge();
    return updated;
  }

  async markOnline(auth: AuthContext): Promise<User> {
    await this.dataSource
      .getRepository(User)
      .update({ id: auth.userId, tenantId: auth.tenantId }, { lastOnline: new Date() });
    return this.get(auth, auth.userId);
  }
}
