import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, In, IsNull } from 'typeorm';
import { type AuthContext, normalizeUsername } from '@lms/auth';
import { JsonApiException, unauthorized } from '@lms/jsonapi';
import { IdentityConfig } from '../config';
import { TenantsService } from '../tenants/tenants.service';
import { prepareDecoy, verifyDecoy, verifyPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { OwnRecords } from '../users/own-records';
import { RefreshToken } from './refresh-token.entity';
import { Tenant } from '../tenants/tenant.entity';

/** What the gateway needs to sign an access token and hand out the refresh token. */
export interface IssuedSession {
  claims: AuthContext;
  refreshToken: string;
  refreshExpiresAt: string;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

const INVALID_CREDENTIALS = 'Username or password is incorrect';
const DISABLED = 'This account is disabled; ask your campus administrator';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function claimsOf(user: User, tenant: Tenant, sessionId: string): AuthContext {
  return {
    userId: user.id,
    tenantId: user.tenantId,
    role: user.level,
    studentId: user.level === 'student' ? user.id : null,
    lecturerId: user.level === 'lecturer' ? user.id : null,
    sessionId,
    timeZone: tenant.timeZone,
  };
}

@Injectable()
export class SessionsService implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly config: IdentityConfig,
    private readonly own: OwnRecords,
  ) {}

  /** The decoy hash exists before the first unknown username, which then costs no more. */
  async onModuleInit(): Promise<void> {
    await prepareDecoy();
  }

  /**
   * Checks a username and password on the campus of `host`. An unknown campus or username costs
   * one password verification like a known one and gets the same 401. Throttling of failures is
   * the gateway's (ADR 0004), per account and address: identity locks no account.
   */
  async login(host: string, username: string, password: string, client: ClientInfo): Promise<IssuedSession> {
    const tenant = await this.tenants.findByHost(host);
    if (!tenant) return verifyDecoy(password).then(() => Promise.reject(unauthorized(INVALID_CREDENTIALS)));
    const user = await this.dataSource
      .getRepository(User)
      .findOneBy({ tenantId: tenant.id, username: normalizeUsername(username) });
    if (!user) {
      await verifyDecoy(password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(INVALID_CREDENTIALS);
    if (!user.active) throw unauthorized(DISABLED);
    return this.signIn(user, tenant, client);
  }

  /**
   * Opens a sign-in session of a user whose credentials were checked (password or identity
   * provider): counts the sign-in and issues the first refresh token of a new family. `also`
   * runs in the same transaction with the family (the session's id).
   */
  async signIn(
    user: User,
    tenant: Tenant,
    client: ClientInfo,
    also?: (manager: EntityManager, family: string) => Promise<unknown>,
  ): Promise<IssuedSession> {
    if (!user.active) throw unauthorized(DISABLED);
    this.own.forget(tenant.id, user.id);
    const session = await this.dataSource.transaction(async (manager) => {
      await manager.update(User, user.id, {
        lastLoginAt: new Date(),
        loginCount: () => 'login_count + 1',
      });
      const family = randomUUID();
      await also?.(manager, family);
      return this.issue(manager, user, tenant, family, client);
    });
    this.own.forget(tenant.id, user.id);
    return session;
  }

  /** Ends the sign-in sessions `families` (every refresh token of each). */
  async endSessions(families: string[]): Promise<void> {
    if (families.length === 0) return;
    await this.dataSource
      .getRepository(RefreshToken)
      .update({ family: In(families), revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /**
   * Rotates a refresh token: the presented token is used up and the next one of its family is
   * issued. A token presented a second time revokes the whole family (it was stolen or leaked).
   */
  async refresh(refreshToken: string, client: ClientInfo): Promise<IssuedSession> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const token = await manager
        .getRepository(RefreshToken)
        .createQueryBuilder('token')
        .setLock('pessimistic_write')
        .where('token.token_hash = :hash', { hash: sha256(refreshToken) })
        .getOne();
      if (!token || token.revokedAt) return { error: 'Session has ended; sign in again' } as const;
      if (token.usedAt) {
        await manager.update(
          RefreshToken,
          { family: token.family, revokedAt: IsNull() },
          { revokedAt: new Date() },
        );
        return {
          error: 'Refresh token was already used; every session of this sign-in is closed',
          revokedSessionId: token.family,
        } as const;
      }
      if (token.expiresAt.getTime() <= Date.now())
        return { error: 'Session has expired; sign in again' } as const;
      const user = await manager.findOneBy(User, { id: token.userId });
      if (!user || !user.active) return { error: 'This account is disabled' } as const;
      const tenant = await manager.findOneByOrFail(Tenant, { id: user.tenantId });
      await manager.update(RefreshToken, token.id, { usedAt: new Date() });
      return { session: await this.issue(manager, user, tenant, token.family, client) } as const;
    });
    if (outcome.session) return outcome.session;
    const detail = outcome.error ?? 'Session has ended';
    if (!outcome.revokedSessionId) throw unauthorized(detail);
    // The gateway ends the session's access tokens too (their `sid` is the family).
    throw new JsonApiException(401, [
      {
        status: '401',
        title: 'Unauthorized',
        detail,
        meta: { revoked_session_id: outcome.revokedSessionId },
      },
    ]);
  }

  /**
   * Ends the sign-in session the refresh token belongs to (every token of its family); answers
   * the session's id (the `sid` of its access tokens), or null for a token nobody issued.
   */
  async logout(refreshToken: string): Promise<string | null> {
    const token = await this.dataSource
      .getRepository(RefreshToken)
      .findOneBy({ tokenHash: sha256(refreshToken) });
    if (!token) return null;
    await this.dataSource
      .getRepository(RefreshToken)
      .update({ family: token.family, revokedAt: IsNull() }, { revokedAt: new Date() });
    return token.family;
  }

  private async issue(
    manager: EntityManager,
    user: User,
    tenant: Tenant,
    family: string,
    client: ClientInfo,
  ) {
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.refreshTtlSeconds * 1000);
    await manager.insert(RefreshToken, {
      id: randomUUID(),
      tenantId: user.tenantId,
      userId: user.id,
      family,
      tokenHash: sha256(refreshToken),
      expiresAt,
      usedAt: null,
      revokedAt: null,
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return {
      claims: claimsOf(user, tenant, family),
      refreshToken,
      refreshExpiresAt: expiresAt.toISOString(),
    };
  }
}
