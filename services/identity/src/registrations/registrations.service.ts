import { mailTexts } from '../account-mail/mail-texts';
import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { normalizeUsername } from '@lms/auth';
import { UnitOfWork } from '@lms/events';
import { type AttributesOf, attributePointer, forbidden, notFound, unprocessable } from '@lms/jsonapi';
import type { Mail } from '@lms/mail';
import { AccountMail, hashToken, type Origin } from '../account-mail/account-mail';
import { lockUsableLink, usableLink } from '../account-mail/mailed-link.entity';
import type { Tenant } from '../tenants/tenant.entity';
import { TenantsService } from '../tenants/tenants.service';
import { hashPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { recordUserUpserted } from '../users/users.data';
import { Registration } from './registration.entity';
import { allowedAddress, type registrationRules, selfRegistrationOpen } from './registrations.rules';

/** How long a verification link works. */
export const VERIFICATION_LINK_HOURS = 24;
/** Registrations asked for per e-mail address, and per client address, within 15 minutes. */
const LIMITS = { perAddress: 3, perClient: 20 };
/** The role of every self-registered account: a visitor never makes themselves staff. */
const SELF_REGISTERED_ROLE = 'student';

type NewRegistration = AttributesOf<typeof registrationRules>;

const linkIssue = (detail: string, code: string) =>
  unprocessable([{ pointer: attributePointer('token'), detail, code }]);
const invalidLink = () =>
  linkIssue(
    'This link is invalid, was used already or has expired; register again',
    'verification_link_invalid',
  );
const usernameTaken = (username: string) =>
  linkIssue(
    `The username ${username} was taken meanwhile; register again with another one`,
    'username_taken',
  );

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505';

/**
 * Self-registration on a campus that allows it: the visitor's account exists only once the link
 * mailed to their address is followed. What the request answers never tells whether an address
 * or a username already has an account (the same 204, the password hashed in every case, the
 * mail sent after the answer): that goes by mail to the address, whose owner alone reads it.
 */
@Injectable()
export class RegistrationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tenants: TenantsService,
    private readonly unit: UnitOfWork,
    private readonly mail: AccountMail,
  ) {}

  async register(origin: Origin, input: NewRegistration): Promise<void> {
    const address = input.email.trim().toLowerCase();
    await this.mail.throttleAddressAndClient('registration', origin, address, LIMITS, 'registrations');
    const tenant = await this.tenants.findByHost(origin.host);
    if (!tenant) throw notFound('No campus is served at this address');
    if (!selfRegistrationOpen(tenant))
      throw forbidden(
        tenant.sso
          ? 'Accounts of this campus come from its identity provider: sign in with it'
          : 'This campus does not let visitors create accounts; ask its administrators for one',
        'registration_closed',
      );
    if (!allowedAddress(tenant, address))
      throw unprocessable([
        {
          pointer: attributePointer('email'),
          detail: `This campus accepts addresses at ${tenant.registrationEmailDomains.join(', ')} only`,
          code: 'email_domain_not_allowed',
        },
      ]);
    const username = normalizeUsername(input.username);
    // hashed whatever follows, so the answer takes as long whether or not an account exists
    const passwordHash = await hashPassword(input.password);
    const users = this.dataSource.getRepository(User);
    const holders = await users
      .createQueryBuilder('user')
      .where('user.tenant_id = :tenantId AND lower(user.email) = :address', { tenantId: tenant.id, address })
      .getMany();
    let mail: Mail;
    if (holders.length > 0) {
      mail = this.accountExistsMail(origin, tenant, address, holders);
    } else if (await users.existsBy({ tenantId: tenant.id, username })) {
      mail = this.usernameTakenMail(origin, tenant, address, username);
    } else {
      const link = this.mail.link(origin, '/pages/verify-email');
      await this.dataSource.getRepository(Registration).insert({
        tenantId: tenant.id,
        username,
        name: input.name.trim(),
        email: address,
        passwordHash,
        tokenHash: link.tokenHash,
        expiresAt: new Date(Date.now() + VERIFICATION_LINK_HOURS * 3_600_000),
        usedAt: null,
      });
      mail = this.verificationMail(tenant, address, input.name.trim(), username, link.url);
    }
    this.mail.sendLater([mail], 'registration');
  }

  /**
   * Creates the account of a verification link, on the link's campus only: a student, active,
   * published as `identity.user.upserted`. The link is used up.
   */
  async verify(origin: Origin, token: string): Promise<void> {
    const tenant = await this.tenants.findByHost(origin.host);
    const tokenHash = hashToken(token);
    const known = await this.dataSource.getRepository(Registration).findOneBy({ tokenHash });
    if (!tenant || !usableLink(known, tenant.id)) throw invalidLink();
    try {
      await this.unit.run(async (manager) => {
        const registration = await lockUsableLink(manager, Registration, tokenHash);
        if (!registration) throw invalidLink();
        const { username } = registration;
        if (await manager.existsBy(User, { tenantId: registration.tenantId, username }))
          throw usernameTaken(username);
        await manager.update(Registration, registration.id, { usedAt: new Date() });
        const user = await manager.save(
          manager.create(User, {
            tenantId: registration.tenantId,
            username,
            name: registration.name,
            email: registration.email,
            passwordHash: registration.passwordHash,
            level: SELF_REGISTERED_ROLE,
            active: true,
          }),
        );
        await recordUserUpserted(manager, user, user.id);
      });
    } catch (error) {
      // an account of that username made at the same moment (an import, another link)
      if (isUniqueViolation(error)) throw usernameTaken(known.username);
      throw error;
    }
  }

  /** A registrant has no language of their own yet: the campus's default, else English. */
  private verificationMail(tenant: Tenant, to: string, name: string, username: string, link: string): Mail {
    const text = mailTexts(null, tenant.defaultLanguage).verification({
      campus: tenant.name,
      name,
      username,
      hours: VERIFICATION_LINK_HOURS,
      link,
    });
    return { from: this.mail.sender(tenant), to, ...text };
  }

  private accountExistsMail(origin: Origin, tenant: Tenant, to: string, holders: User[]): Mail {
    const text = mailTexts(holders[0]?.language, tenant.defaultLanguage).accountExists({
      campus: tenant.name,
      usernames: holders.map((user) => `"${user.username}"`).join(', '),
      link: `${origin.protocol}://${origin.host}/pages/forgot-password`,
    });
    return { from: this.mail.sender(tenant), to, ...text };
  }

  private usernameTakenMail(origin: Origin, tenant: Tenant, to: string, username: string): Mail {
    const text = mailTexts(null, tenant.defaultLanguage).usernameTaken({
      campus: tenant.name,
      username,
      link: `${origin.protocol}://${origin.host}/pages/register`,
    });
    return { from: this.mail.sender(tenant), to, ...text };
  }
}
