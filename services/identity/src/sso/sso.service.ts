import { createHash } from 'node:crypto';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager, LessThan } from 'typeorm';
import { type AuthContext, normalizeUsername } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import {
  type AttributesOf,
  attributePointer,
  notFound,
  serviceUnavailable,
  unauthorized,
  unprocessable,
} from '@lms/jsonapi';
import { type ClientInfo, type IssuedSession, SessionsService } from '../sessions/sessions.service';
import { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { User } from '../users/user.entity';
import { recordUserUpserted } from '../users/users.data';
import { newAuthorization, OidcProviders, SsoError } from './oidc';
import { SecretBox, UnreadableSecretError } from './secret-box';
import { SsoAttempt, SsoSession } from './sso.entities';
import type { SSO_PROMPTS, SsoSettings, ssoSettingsRules } from './sso.settings';

/** How long a person has at the provider before the sign-in must start again. */
const ATTEMPT_TTL_MS = 10 * 60_000;
/** A password hash no password matches: an account created by a sign-in through the provider. */
const NO_PASSWORD = '!sso';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** An SsoError as the answer: 401 for a refusal, 503 when the provider could not be reached. */
function answer(error: unknown): never {
  if (error instanceof SsoError) {
    throw error.unavailable ? serviceUnavailable(error.message) : unauthorized(error.message);
  }
  throw error;
}

/**
 * Sign-in through a campus's OpenID Connect provider: its settings (admin API), the authorization
 * request (state, nonce, PKCE), the answer (code exchange, ID token checks, the account matched
 * or created per the campus's rules, our own session) and the provider's back-channel logout.
 */
@Injectable()
export class SsoService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SsoService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly sessions: SessionsService,
    private readonly providers: OidcProviders,
    private readonly unit: UnitOfWork,
    private readonly box: SecretBox,
  ) {}

  /** Seals the client secrets stored before sealing existed (replicas at once: each row once). */
  async onApplicationBootstrap(): Promise<void> {
    const plain: Array<{ id: string; secret: string }> = await this.dataSource.query(
      `SELECT id, sso_client_secret AS secret FROM tenants
        WHERE sso_client_secret IS NOT NULL AND sso_client_secret NOT LIKE 'v1.%'`,
    );
    for (const { id, secret } of plain)
      await this.dataSource.query(
        `UPDATE tenants SET sso_client_secret = $1 WHERE id = $2 AND sso_client_secret = $3`,
        [this.box.seal(secret), id, secret],
      );
    if (plain.length > 0) this.logger.log(`sealed the client secrets of ${plain.length} campus(es)`);
  }

  /** The provider settings of a campus the operator manages (404 when none are set). */
  async settings(auth: AuthContext, id: number): Promise<Tenant> {
    await this.tenants.managed(auth, id);
    const tenant = await this.withSecret(id);
    if (!tenant?.sso) throw notFound('This campus has no identity provider set');
    return tenant;
  }

  /**
   * Sets the campus's provider, after reading its discovery document (an issuer that does not
   * answer as one is a 422 on `issuer`). An omitted client secret keeps the stored one.
   */
  async configure(
    auth: AuthContext,
    id: number,
    input: AttributesOf<typeof ssoSettingsRules>,
  ): Promise<Tenant> {
    await this.tenants.managed(auth, id);
    this.providers.forget(input.issuer);
    try {
      await this.providers.provider(input.issuer);
    } catch (error) {
      if (!(error instanceof SsoError)) throw error;
      throw unprocessable([{ pointer: attributePointer('issuer'), detail: `issuer: ${error.message}` }]);
    }
    const sso: SsoSettings = {
      issuer: input.issuer,
      clientId: input.client_id,
      scopes: input.scopes ?? ['openid', 'profile', 'email'],
      usernameClaim: input.username_claim ?? 'preferred_username',
      unknownUsers: input.unknown_users ?? 'refuse',
      newUserRole: input.new_user_role ?? 'student',
      buttonLabel: input.button_label ?? 'Single sign-on',
    };
    // accounts come from the provider now: self-registration ends
    await this.dataSource.getRepository(Tenant).update(id, {
      sso,
      selfRegistration: false,
      ...(input.client_secret !== undefined
        ? { ssoClientSecret: input.client_secret === null ? null : this.box.seal(input.client_secret) }
        : {}),
    });
    return (await this.withSecret(id)) as Tenant;
  }

  /** The campus signs in with passwords only again; sessions opened through the provider stay. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    await this.tenants.managed(auth, id);
    await this.dataSource.getRepository(Tenant).update(id, { sso: null, ssoClientSecret: null });
  }

  /**
   * Starts a sign-in at the provider of the campus at `host`: the address to send the browser to,
   * and the `state` it will come back with (the browser keeps it to recognise its own answer).
   */
  async start(host: string, origin: string, prompt?: (typeof SSO_PROMPTS)[number]) {
    const tenant = await this.tenants.findByHost(host);
    if (!tenant?.sso) throw notFound('This campus does not sign in through an identity provider');
    const sso = tenant.sso;
    const provider = await this.providers.provider(sso.issuer).catch(answer);
    const authorization = newAuthorization();
    const redirectUri = `${origin}/callback`;
    const repository = this.dataSource.getRepository(SsoAttempt);
    await repository.delete({ expiresAt: LessThan(new Date(Date.now() - ATTEMPT_TTL_MS)) });
    await repository.insert({
      stateHash: sha256(authorization.state),
      tenantId: tenant.id,
      nonce: authorization.nonce,
      codeVerifier: authorization.codeVerifier,
      redirectUri,
      expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
      usedAt: null,
    });
    return {
      state: authorization.state,
      authorization_url: this.providers.authorizationUrl(provider, {
        clientId: sso.clientId,
        redirectUri,
        scopes: sso.scopes,
        state: authorization.state,
        nonce: authorization.nonce,
        codeChallenge: authorization.codeChallenge,
        prompt,
      }),
    };
  }

  /**
   * Finishes a sign-in the provider answered with `code` and `state`: the state must be one this
   * campus issued, unused and recent; the code is exchanged with its PKCE verifier; the ID token
   * must be the provider's, for this client, unexpired and carry this sign-in's nonce. Then the
   * account named by the campus's username claim is matched (or created, if the campus says so)
   * and a session opened as for a password sign-in.
   */
  async finish(host: string, code: string, state: string, client: ClientInfo): Promise<IssuedSession> {
    const tenant = await this.tenants.findByHost(host);
    if (!tenant?.sso) throw unauthorized('This campus does not sign in through an identity provider');
    const attempt = await this.useAttempt(tenant.id, state);
    const sso = tenant.sso;
    const secret = await this.clientSecret(tenant.id);
    const { claims, idToken } = await (async () => {
      const provider = await this.providers.provider(sso.issuer);
      const idToken = await this.providers.exchange(
        provider,
        { clientId: sso.clientId, clientSecret: secret },
        { code, redirectUri: attempt.redirectUri, codeVerifier: attempt.codeVerifier },
      );
      const claims = await this.providers.verifyIdToken(provider, idToken, {
        clientId: sso.clientId,
        nonce: attempt.nonce,
      });
      return { claims, idToken };
    })().catch(answer);
    const claimed = claims[sso.usernameClaim];
    if (typeof claimed !== 'string' || normalizeUsername(claimed) === '')
      throw unauthorized(
        `The identity provider did not send the ${sso.usernameClaim} claim this campus takes the username from`,
      );
    const username = normalizeUsername(claimed);
    if (username.length > 100) throw unauthorized('The username the identity provider sent is too long');
    const user =
      (await this.dataSource.getRepository(User).findOneBy({ tenantId: tenant.id, username })) ??
      (await this.createUser(tenant, sso, username, claims));
    return this.sessions.signIn(user, tenant, client, (manager, family) =>
      manager.insert(SsoSession, {
        family,
        tenantId: tenant.id,
        userId: user.id,
        issuer: sso.issuer,
        subject: String(claims.sub),
        providerSessionId: typeof claims.sid === 'string' ? claims.sid.slice(0, 255) : null,
        idToken,
      }),
    );
  }

  /**
   * Where to send the browser when a person signs out here of a session their campus's provider
   * opened (OpenID Connect RP-Initiated Logout 1.0): the provider's `end_session_endpoint` with
   * the sign-in's ID token as `id_token_hint`, this client's id and the sign-in page of `origin`
   * to come back to. Null when the session was a password sign-in, the campus has another
   * provider now, the provider offers no such endpoint or cannot be reached: signing out here
   * never waits on the provider, nor fails because of it.
   */
  async endSessionUrl(family: string, origin: string): Promise<string | null> {
    const session = await this.dataSource.getRepository(SsoSession).findOneBy({ family });
    if (!session) return null;
    const sso = (await this.dataSource.getRepository(Tenant).findOneBy({ id: session.tenantId }))?.sso;
    if (!sso || sso.issuer !== session.issuer) return null;
    const provider = await this.providers.provider(sso.issuer).catch((error: unknown) => {
      this.logger.warn(`the provider's logout is skipped: ${(error as Error).message}`);
      return null;
    });
    if (!provider) return null;
    return this.providers.endSessionUrl(provider, {
      clientId: sso.clientId,
      idTokenHint: session.idToken,
      postLogoutRedirectUri: `${origin}/pages/login`,
    });
  }

  /**
   * The provider's back-channel logout for the campus at `host`: once the logout token is
   * verified, ends the sessions its sign-ins opened (its `sid`, else every one of its `sub`) and
   * answers their ids, whose access tokens the gateway then refuses.
   */
  async backchannelLogout(host: string, logoutToken: string): Promise<string[]> {
    const tenant = await this.tenants.findByHost(host);
    if (!tenant?.sso) throw unauthorized('This campus does not sign in through an identity provider');
    const sso = tenant.sso;
    const ended = await (async () => {
      const provider = await this.providers.provider(sso.issuer);
      return this.providers.verifyLogoutToken(provider, logoutToken, sso.clientId);
    })().catch(answer);
    const where = {
      tenantId: tenant.id,
      issuer: sso.issuer,
      ...(ended.sessionId ? { providerSessionId: ended.sessionId } : {}),
      ...(ended.subject ? { subject: ended.subject } : {}),
    };
    const families = (await this.dataSource.getRepository(SsoSession).findBy(where)).map((s) => s.family);
    await this.sessions.endSessions(families);
    return families;
  }

  /** Uses up the sign-in `state` names; one of another campus, used or too old is refused. */
  private async useAttempt(tenantId: number, state: string): Promise<SsoAttempt> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const attempt = await manager
        .getRepository(SsoAttempt)
        .createQueryBuilder('attempt')
        .setLock('pessimistic_write')
        .where('attempt.state_hash = :hash', { hash: sha256(state) })
        .getOne();
      if (!attempt || Number(attempt.tenantId) !== tenantId)
        return 'This sign-in was not started on this campus; start again';
      if (attempt.usedAt) return 'This sign-in answer was already used; start again';
      if (attempt.expiresAt.getTime() <= Date.now()) return 'This sign-in took too long; start again';
      await manager.update(SsoAttempt, attempt.stateHash, { usedAt: new Date() });
      return attempt;
    });
    if (typeof outcome === 'string') throw unauthorized(outcome);
    return outcome;
  }

  /** An account for a person the provider vouched for, when the campus allows it. */
  private async createUser(
    tenant: Tenant,
    sso: SsoSettings,
    username: string,
    claims: Record<string, unknown>,
  ): Promise<User> {
    if (sso.unknownUsers !== 'create')
      throw unauthorized(`This campus has no account ${username}; ask your campus administrator`);
    const text = (value: unknown, max: number) =>
      typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
    const email = claims.email_verified === false ? null : text(claims.email, 254);
    try {
      return await this.unit.run(async (manager: EntityManager) => {
        const user = await manager.save(
          manager.create(User, {
            tenantId: tenant.id,
            username,
            name: text(claims.name, 200) ?? username,
            email,
            passwordHash: NO_PASSWORD,
            level: sso.newUserRole,
          }),
        );
        await recordUserUpserted(manager, user, null);
        return user;
      });
    } catch (error) {
      // Two first sign-ins at once: the other one created the account.
      const existing = await this.dataSource.getRepository(User).findOneBy({ tenantId: tenant.id, username });
      if (existing) return existing;
      throw error;
    }
  }

  /** The campus's client secret, opened; a 503 (and the reason in the log) when the key does not open it. */
  private async clientSecret(id: number): Promise<string | null> {
    const stored = (await this.withSecret(id))?.ssoClientSecret ?? null;
    try {
      return stored === null ? null : this.box.open(stored);
    } catch (error) {
      if (!(error instanceof UnreadableSecretError)) throw error;
      this.logger.error(`campus ${id}: ${error.message}`);
      throw serviceUnavailable('Signing in through the identity provider is not possible now');
    }
  }

  private withSecret(id: number): Promise<Tenant | null> {
    return this.dataSource
      .getRepository(Tenant)
      .createQueryBuilder('tenant')
      .addSelect('tenant.ssoClientSecret')
      .where('tenant.id = :id', { id })
      .getOne();
  }
}
