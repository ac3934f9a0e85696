import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { type AuthContext, RevokedSessions } from '@lms/auth';
import { type KeyValueStore, MemoryStore, RedisStore } from '@lms/cache';
import { attributePointer, tooManyRequests, unprocessable } from '@lms/jsonapi';
import { type Mailer, openMailer } from '@lms/mail';
import { IdentityConfig } from '../config';
import { revokeRefreshTokens } from '../sessions/sessions.data';
import type { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { SESSION_REVOCATION_MS } from '../users/managed-users.service';
import { OwnRecords } from '../users/own-records';
import { hashPassword, verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { PasswordReset } from './password-reset.entity';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
/** Reset links asked for per e-mail address, and per client address, within the window. */
const PER_ADDRESS = 3;
const PER_CLIENT = 20;
const WINDOW_MS = 15 * 60 * 1000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Where the request came from: the campus's host as the browser named it, and the client. */
export interface Origin {
  host: string;
  protocol: string;
  ip: string;
}

const invalidLink = () =>
  unprocessable([
    {
      pointer: attributePointer('token'),
      detail: 'This link is invalid, was used already or has expired; ask for a new one',
      code: 'reset_link_invalid',
    },
  ]);

function resetMail(tenant: Tenant, user: User, link: string) {
  return {
    from: `"${tenant.name.replace(/["\\\r\n]/g, '')}" <no-reply@${tenant.domain}>`,
    to: user.email!,
    subject: `${tenant.name}: reset your password`,
    text: [
      `Hello ${user.name},`,
      '',
      `someone, hopefully you, asked to reset the password of the account "${user.username}" at ${tenant.name}.`,
      `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password (it works once):`,
      '',
      link,
      '',
      'If you did not ask for it, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Passwords a user sets themselves: the reset by a link sent by mail (single use, expiring,
 * stored hashed; the same answer whether or not an account has the address; throttled per
 * address and per client) and the change by the signed-in user. Either revokes every refresh
 * token of the user and ends their sessions.
 */
@Injectable()
export class PasswordsService implements OnModuleDestroy {
  private readonly logger = new Logger('identity.passwords');
  private readonly store: KeyValueStore;
  private readonly mailer: Mailer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly revoked: RevokedSessions,
    private readonly own: OwnRecords,
    config: IdentityConfig,
  ) {
    this.store = config.redisUrl ? new RedisStore(config.redisUrl, 'lms:identity:') : new MemoryStore();
    this.mailer = openMailer(config.smtpUrl, (message, mail) =>
      this.logger.warn(`${message}: ${mail.subject}\n${mail.text}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.store.close(), this.mailer.close()]);
  }

  private async throttle(key: string, limit: number, what: string) {
    const { count, resetInMs } = await this.store.hit(key, WINDOW_MS);
    if (count > limit) {
      const wait = Math.ceil(resetInMs / 1000);
      throw tooManyRequests(`Too many password resets asked for ${what}; try again in ${wait} seconds`, wait);
    }
  }

  /**
   * Sends a reset link to every active account of the campus with this e-mail address. Answers
   * the same, as fast, whether there is any: the mails go out after the answer.
   */
  async forgot(origin: Origin, email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    await this.throttle(`password-reset:address:${sha256(address)}`, PER_ADDRESS, 'this address');
    await this.throttle(`password-reset:client:${origin.ip}`, PER_CLIENT, 'from your address');
    const tenant = await this.tenants.findByHost(origin.host);
    if (!tenant) return;
    const users = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId AND lower(user.email) = :address AND user.active', {
        tenantId: tenant.id,
        address,
      })
      .getMany();
    const mails = [];
    for (const user of users) {
      const token = randomBytes(32).toString('base64url');
      await this.dataSource.getRepository(PasswordReset).insert({
        tenantId: tenant.id,
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
        usedAt: null,
      });
      const link = `${origin.protocol}://${origin.host}/pages/reset-password?token=${token}`;
      mails.push(resetMail(tenant, user, link));
    }
    for (const mail of mails)
      this.mailer
        .send(mail)
        .catch((error: unknown) =>
          this.logger.error(`the password-reset mail to ${mail.to} could not be sent: ${String(error)}`),
        );
  }

  /** Sets the password of the link's account, on the link's campus only; the link is used up. */
  async reset(origin: Origin, token: string, password: string): Promise<void> {
    const tenant = await this.tenants.findByHost(origin.host);
    const tokenHash = sha256(token);
    const known = await this.dataSource.getRepository(PasswordReset).findOneBy({ tokenHash });
    if (
      !tenant ||
      !known ||
      known.tenantId !== tenant.id ||
      known.usedAt ||
      known.expiresAt.getTime() <= Date.now()
    )
      throw invalidLink();
    const passwordHash = await hashPassword(password);
    const sessions = await this.dataSource.transaction(async (manager) => {
      const reset = await manager
        .getRepository(PasswordReset)
        .createQueryBuilder('reset')
        .setLock('pessimistic_write')
        .where('reset.token_hash = :tokenHash', { tokenHash })
        .getOne();
      // checked again under the lock: two uses at once, one wins
      if (!reset || reset.usedAt || reset.expiresAt.getTime() <= Date.now()) throw invalidLink();
      const user = await manager.findOneBy(User, { id: reset.userId, tenantId: reset.tenantId });
      if (!user || !user.active) throw invalidLink();
      await manager.update(PasswordReset, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      await manager.update(User, user.id, { passwordHash });
      return revokeRefreshTokens(manager, user.id);
    });
    for (const session of sessions) await this.revoked.revoke(session, SESSION_REVOCATION_MS);
  }

  /** The signed-in user changes their password, proving the current one; every session of theirs ends. */
  async change(auth: AuthContext, currentPassword: string, password: string): Promise<void> {
    const user = await this.dataSource
      .getRepository(User)
      .findOneBy({ id: auth.userId, tenantId: auth.tenantId });
    if (!user || !(await verifyPassword(user.passwordHash, currentPassword)))
      throw unprocessable([
        { pointer: attributePointer('current_password'), detail: 'The current password is not right' },
      ]);
    const passwordHash = await hashPassword(password);
    const sessions = await this.dataSource.transaction(async (manager) => {
      await manager.update(User, user.id, { passwordHash });
      await manager.update(PasswordReset, { userId: user.id, usedAt: IsNull() }, { usedAt: new Date() });
      return revokeRefreshTokens(manager, user.id);
    });
    this.own.forget(auth.tenantId, auth.userId);
    for (const session of sessions) await this.revoked.revoke(session, SESSION_REVOCATION_MS);
  }
}
