import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { applyQuery, defineList, forbidden, notFound, type ParsedQuery } from '@lms/jsonapi';
import type { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { User } from './user.entity';
import { recordUserUpserted } from './users.data';
import type { UserView } from './users.resource';

/** Users read without TypeORM's query builder: every signed-in page asks for its user. */
const users = defineList<User>({ entity: User, alias: 'account' });

/** What a use case answers, with the zone of the caller's campus its dates are written in. */
export interface InCampus<T> {
  data: T;
  timeZone: string;
}

export interface OwnProfileChanges {
  thumbnail?: string | null;
  notification_email?: string | null;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly tenants: TenantsService,
  ) {}

  /** The caller's campus (cached for a few seconds: every read of a user needs its name and zone). */
  private async tenantOf(auth: AuthContext): Promise<Readonly<Tenant>> {
    const tenant = await this.tenants.findById(auth.tenantId);
    if (!tenant) throw notFound('Campus not found');
    return tenant;
  }

  /** The caller's campus's user as the caller sees it (their own private fields only to them). */
  private async viewOf(auth: AuthContext, user: User): Promise<InCampus<UserView>> {
    const tenant = await this.tenantOf(auth);
    return { data: viewOf(auth, user, tenant), timeZone: tenant.timeZone };
  }

  /**
   * A user of the caller's campus; one of another campus does not exist for the caller, and for a
   * student nobody but themselves does (e-mail, NIM and last-online are not for classmates).
   */
  async profile(auth: AuthContext, id: number): Promise<InCampus<UserView>> {
    if (auth.role === 'student' && id !== auth.userId) throw notFound('User not found');
    const [user, tenant] = await Promise.all([this.get(auth, id), this.tenantOf(auth)]);
    return { data: viewOf(auth, user, tenant), timeZone: tenant.timeZone };
  }

  /** Activity figures of a user: their own, or any user of the campus for lecturers and admins. */
  async stats(auth: AuthContext, id: number): Promise<InCampus<User>> {
    const user = await this.get(auth, id);
    if (id !== auth.userId && auth.role === 'student')
      throw forbidden('Students can only see their own statistics');
    const tenant = await this.tenantOf(auth);
    return { data: user, timeZone: tenant.timeZone };
  }

  private async get(auth: AuthContext, id: number): Promise<User> {
    const user = await users.one(this.dataSource, {
      where: ['account.id = :id', 'account.tenant_id = :tenantId'],
      params: { id, tenantId: auth.tenantId },
    });
    if (!user) throw notFound('User not found');
    return user;
  }

  async list(auth: AuthContext, query: ParsedQuery): Promise<InCampus<UserView[]> & { total: number }> {
    const qb = this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId', { tenantId: auth.tenantId });
    // A student's directory is themselves: classmates' names reach them through their courses.
    if (auth.role === 'student') qb.andWhere('user.id = :self', { self: auth.userId });
    const [[users, total], tenant] = await Promise.all([
      applyQuery(qb, query).getManyAndCount(),
      this.tenantOf(auth),
    ]);
    return { data: users.map((user) => viewOf(auth, user, tenant)), total, timeZone: tenant.timeZone };
  }

  /** A user changes their own picture or notification e-mail; nobody changes someone else's. */
  async updateOwn(auth: AuthContext, id: number, changes: OwnProfileChanges): Promise<InCampus<UserView>> {
    await this.get(auth, id);
    if (id !== auth.userId) throw forbidden('You can only change your own profile');
    const updated = await this.unit.run(async (manager) => {
      const patch: Partial<User> = {};
      if (changes.thumbnail !== undefined) patch.thumbnail = changes.thumbnail;
      if (changes.notification_email !== undefined) patch.notificationEmail = changes.notification_email;
      if (Object.keys(patch).length > 0) await manager.update(User, { id, tenantId: auth.tenantId }, patch);
      const user = await manager.findOneByOrFail(User, { id });
      await recordUserUpserted(manager, user, auth.userId);
      return user;
    });
    return this.viewOf(auth, updated);
  }

  /** Presence ping of the client: stamps lastOnline. */
  async markOnline(auth: AuthContext): Promise<InCampus<UserView>> {
    await this.dataSource
      .getRepository(User)
      .update({ id: auth.userId, tenantId: auth.tenantId }, { lastOnline: new Date() });
    return this.profile(auth, auth.userId);
  }
}

function viewOf(auth: AuthContext, user: User, tenant: Readonly<Tenant>): UserView {
  return { user, universityName: tenant.name, self: user.id === auth.userId };
}
