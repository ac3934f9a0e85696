import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthContext } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  applyQuery,
  type AttributesOf,
  defineList,
  forbidden,
  notFound,
  type ParsedQuery,
} from '@lms/jsonapi';
import type { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { AvatarStore } from './avatar-store';
import { OwnRecords } from './own-records';
import { User } from './user.entity';
import { recordUserUpserted } from './users.data';
import { userQuery, type UserView } from './users.resource';
import type { ownProfileRules } from './users.rules';
import { guardQuery, sightsOf, visibleSql } from './user-sight';

/** Users read without TypeORM's query builder: every signed-in page asks for its user. */
const users = defineList<User>({ entity: User, alias: 'account' });

/** What a use case answers, with the zone of the caller's campus its dates are written in. */
export interface InCampus<T> {
  data: T;
  timeZone: string;
}

/** What a user changes of their own profile: the PATCH's attributes, or a new avatar's address. */
export type OwnProfileChanges = Omit<AttributesOf<typeof ownProfileRules>, 'thumbnail'> & {
  thumbnail?: string | null;
};

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly unit: UnitOfWork,
    private readonly tenants: TenantsService,
    private readonly own: OwnRecords,
    private readonly avatars: AvatarStore,
  ) {}

  /** The caller's campus (cached for a few seconds: every read of a user needs its name and zone). */
  private async tenantOf(auth: AuthContext): Promise<Readonly<Tenant>> {
    const tenant = await this.tenants.findById(auth.tenantId);
    if (!tenant) throw notFound('Campus not found');
    return tenant;
  }

  /** Users of the caller's campus as the caller sees each of them. */
  private async viewsOf(auth: AuthContext, users: User[]): Promise<InCampus<UserView[]>> {
    const [tenant, sights] = await Promise.all([
      this.tenantOf(auth),
      sightsOf(this.dataSource.manager, auth, users),
    ]);
    return {
      data: users.map((user) => ({ user, universityName: tenant.name, sight: sights.get(user.id)! })),
      timeZone: tenant.timeZone,
    };
  }

  /** The users of the caller's campus the caller sees at all (`user-sight.ts`). */
  private visible(auth: AuthContext) {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId', { tenantId: auth.tenantId, me: auth.userId })
      .andWhere(visibleSql(auth));
  }

  /**
   * A user of the caller's campus as the caller sees them; one the caller may not see (another
   * campus's; for a student anyone outside their courses) does not exist for them.
   */
  async profile(auth: AuthContext, id: number): Promise<InCampus<UserView>> {
    const { data, timeZone } = await this.viewsOf(auth, [await this.get(auth, id)]);
    return { data: data[0], timeZone };
  }

  /** Activity figures of a user: their own, or of one whose details the caller sees. */
  async stats(auth: AuthContext, id: number): Promise<InCampus<User>> {
    const user = await this.get(auth, id);
    const sight = (await sightsOf(this.dataSource.manager, auth, [user])).get(user.id);
    if (sight !== 'self' && sight !== 'detail')
      throw forbidden("Only the user themselves and their course's staff see their statistics");
    const tenant = await this.tenantOf(auth);
    return { data: user, timeZone: tenant.timeZone };
  }

  private async get(auth: AuthContext, id: number): Promise<User> {
    // Oneself needs no look at memberships, and is kept a few seconds (`/login/me` is on every
    // page load).
    const user =
      id === auth.userId
        ? await this.own.read(auth.tenantId, id, () =>
            users.one(this.dataSource, {
              where: ['account.id = :id', 'account.tenant_id = :tenantId'],
              params: { id, tenantId: auth.tenantId },
            }),
          )
        : await this.visible(auth).andWhere('user.id = :id', { id }).getOne();
    if (!user) throw notFound('User not found');
    return user;
  }

  async list(auth: AuthContext, query: ParsedQuery): Promise<InCampus<UserView[]> & { total: number }> {
    const [users, total] = await applyQuery(
      this.visible(auth),
      guardQuery(auth, query, userQuery.sorts),
    ).getManyAndCount();
    return { ...(await this.viewsOf(auth, users)), total };
  }

  /** Nobody changes someone else's profile: 403 for a user the caller sees, 404 for any other. */
  async requireOwn(auth: AuthContext, id: number): Promise<void> {
    if (id === auth.userId) return;
    await this.get(auth, id);
    throw forbidden('You can only change your own profile');
  }

  /**
   * A user changes their own picture (a new avatar, or none), notification e-mail, interface
   * language or theme; nobody changes someone else's. The avatar replaced is deleted.
   */
  async updateOwn(auth: AuthContext, id: number, changes: OwnProfileChanges): Promise<InCampus<UserView>> {
    await this.requireOwn(auth, id);
    this.own.forget(auth.tenantId, id);
    let replaced: string | null = null;
    const updated = await this.unit.run(async (manager) => {
      const before = await manager.findOne(User, {
        where: { id, tenantId: auth.tenantId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!before) throw notFound('User not found');
      const patch: Partial<User> = {};
      if (changes.thumbnail !== undefined && changes.thumbnail !== before.thumbnail) {
        patch.thumbnail = changes.thumbnail;
        replaced = before.thumbnail;
      }
      if (changes.notification_email !== undefined) patch.notificationEmail = changes.notification_email;
      if (changes.language !== undefined) patch.language = changes.language;
      if (changes.theme !== undefined) patch.theme = changes.theme;
      if (Object.keys(patch).length > 0) await manager.update(User, { id, tenantId: auth.tenantId }, patch);
      const user = await manager.findOneByOrFail(User, { id });
      await recordUserUpserted(manager, user, auth.userId);
      return user;
    });
    this.own.forget(auth.tenantId, id);
    await this.avatars.discard(auth.tenantId, id, replaced);
    const { data, timeZone } = await this.viewsOf(auth, [updated]);
    return { data: data[0], timeZone };
  }

  /** Presence ping of the client: stamps lastOnline. */
  async markOnline(auth: AuthContext): Promise<InCampus<UserView>> {
    this.own.forget(auth.tenantId, auth.userId);
    await this.dataSource
      .getRepository(User)
      .update({ id: auth.userId, tenantId: auth.tenantId }, { lastOnline: new Date() });
    this.own.forget(auth.tenantId, auth.userId);
    return this.profile(auth, auth.userId);
  }
}
