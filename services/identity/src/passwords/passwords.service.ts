import { mailTexts } from '../account-mail/mail-texts';
import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { type AuthContext, RevokedSessions } from '@lms/auth';
import { attributePointer, unprocessable } from '@lms/jsonapi';
import { AccountMail, hashToken, type Origin } from '../account-mail/account-mail';
import { lockUsableLink, usableLink } from '../account-mail/mailed-link.entity';
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
/** Reset links asked for per e-mail address, and per client address, within 15 minutes. */
const LIMITS = { perAddress: 3, perClient: 20 };

const invalidLink = () =>
  unprocessable([
    {
      pointer: attributePointer('token'),
      detail: 'This link is invalid, was used already or has expired; ask for a new one',
      code: 'reset_link_invalid',
    },
  ]);

function resetMail(from: string, tenant: Tenant, user: User, link: string) {
  const text = mailTexts(user.language, tenant.defaultLanguage).reset({
    campus: tenant.name,
    name: user.name,
    username: user.username,
    minutes: RESET_LINK_MINUTES,
    link,
  });
  return { from, to: user.email!, ...text };
}

/**
 * Passwords a user sets themselves: the reset by a link sent by mail (single use, expiring,
 * stored hashed; the same answer whether or not an account has the address; throttled per
 * address and per client) and the change by the signed-in user. Either revokes every refresh
 * token of the user and ends their sessions.
 */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly revoked: RevokedSessions,
    private readonly own: OwnRecords,
    private readonly mail: AccountMail,
  ) {}

  /**
   * Sends a reset link to every active account of the campus with this e-mail address. Answers
   * the same, as fast, whether there is any: the mails go out after the answer.
   */
  async forgot(origin: Origin, email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    await this.mail.throttleAddressAndClient('password-reset', origin, address, LIMITS, 'password resets');
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
      const link = this.mail.link(origin, '/pages/reset-password');
      await this.dataSource.getRepository(PasswordReset).insert({
        tenantId: tenant.id,
        userId: user.id,
        tokenHash: link.tokenHash,
        expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
        usedAt: null,
      });
      mails.push(resetMail(this.mail.sender(tenant), tenant, user, link.url));
    }
    this.mail.sendLater(mails, 'password-reset');
  }

  /** Sets the password of the link's account, on the link's campus only; the link is used up. */
  async reset(origin: Origin, token: string, password: string): Promise<void> {
    const tenant = await this.tenants.findByHost(origin.host);
    const tokenHash = hashToken(token);
    const known = await this.dataSource.getRepository(PasswordReset).findOneBy({ tokenHash });
    if (!tenant || !usableLink(known, tenant.id)) throw invalidLink();
    const passwordHash = await hashPassword(password);
    const sessions = await this.dataSource.transaction(async (manager) => {
      const reset = await lockUsableLink(manager, PasswordReset, tokenHash);
      if (!reset) throw invalidLink();
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
