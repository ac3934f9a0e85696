import type { PlatformRole } from '@lms/auth';
import { type HarnessOptions, type Mailbox, ServiceHarness, startMailbox } from '@lms/testing';
import type { IdentityConfig } from '../../src/config';
import { identityService } from '../../src/service';
import { Tenant } from '../../src/tenants/tenant.entity';
import { recordTenantUpserted } from '../../src/tenants/tenants.data';
import { hashPassword } from '../../src/users/passwords';
import { User } from '../../src/users/user.entity';
import { recordUserUpserted } from '../../src/users/users.data';

/** The password of every user `IdentityHarness.user` makes. */
export const TEST_PASSWORD = 'test-password';

/**
 * The identity service in the generic harness (`@lms/testing`), with factories for its own rows:
 * campuses and users, each written with its event as identity writes them.
 */
export class IdentityHarness extends ServiceHarness<IdentityConfig> {
  private passwordHash?: Promise<string>;

  constructor(env: Record<string, string> = {}, options: HarnessOptions = {}) {
    super(identityService, env, options);
  }

  campus(overrides: Partial<Tenant> = {}): Promise<Tenant> {
    const n = this.nextId();
    return this.ds.transaction(async (manager) => {
      const tenant = await manager.save(
        manager.create(Tenant, { name: `Campus ${n}`, domain: `campus${n}.example`, ...overrides }),
      );
      await recordTenantUpserted(manager, tenant, null);
      return tenant;
    });
  }

  /** A user of the campus with `TEST_PASSWORD` (hashed once per harness: argon2id is slow on purpose). */
  async user(
    tenantId: number,
    role: PlatformRole,
    overrides: Partial<User> = {},
  ): Promise<User & { role: PlatformRole }> {
    this.passwordHash ??= hashPassword(TEST_PASSWORD);
    const passwordHash = await this.passwordHash;
    const n = this.nextId();
    const user = await this.ds.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(User, {
          tenantId,
          username: `u${n}`,
          name: `User ${n}`,
          passwordHash,
          level: role,
          ...overrides,
        }),
      );
      await recordUserUpserted(manager, saved, null);
      return saved;
    });
    return Object.assign(user, { role: user.level });
  }
}

/** An identity harness whose mail goes to a local SMTP server, both started, and their stop. */
export async function mailedIdentity(): Promise<{
  h: IdentityHarness;
  mailbox: Mailbox;
  stop: () => Promise<void>;
}> {
  const mailbox = await startMailbox();
  const h = new IdentityHarness({ SMTP_URL: mailbox.url });
  await h.start();
  const stop = async () => {
    await h.stop();
    await mailbox.close();
  };
  return { h, mailbox, stop };
}
