import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { PlatformRole } from '@lms/auth';
import { Tenant } from '../tenants/tenant.entity';
import { recordTenantUpserted } from '../tenants/tenants.data';
import { hashPassword } from '../users/passwords';
import { User } from '../users/user.entity';
import { recordUserUpserted } from '../users/users.data';

export const DEMO_USERS: ReadonlyArray<{
  username: string;
  name: string;
  level: PlatformRole;
  nidn?: string;
  nim?: string;
}> = [
  { username: 'lecturer', name: 'Dr. Ratna Wijaya', level: 'lecturer', nidn: '0012037801' },
  { username: 'assistant', name: 'Bima Pratama, M.Kom.', level: 'lecturer', nidn: '0023059102' },
  { username: 'kaprodi', name: 'Dr. Hendra Gunawan', level: 'lecturer', nidn: '0009017503' },
  { username: 'student1', name: 'Ayu Lestari', level: 'student', nim: '2301001' },
  { username: 'student2', name: 'Dimas Saputra', level: 'student', nim: '2301002' },
  { username: 'student3', name: 'Putri Maharani', level: 'student', nim: '2301003' },
  { username: 'admin', name: 'Campus Administrator', level: 'admin' },
];

/**
 * The demo campus for `domain` (all-in-one mode, or SEED_DEMO=1): seven accounts sharing one
 * password. Runs once: an existing campus with that domain is left untouched, except that its
 * `identity.tenant.upserted` is published again, so projections that predate the event (or a
 * service's fresh database) learn the campus; consumers ignore a version they already hold.
 */
export async function seedIdentityDemo(
  dataSource: DataSource,
  options: { domain: string; password: string },
) {
  const logger = new Logger('IdentitySeed');
  const existing = await dataSource.getRepository(Tenant).findOneBy({ domain: options.domain });
  if (existing) {
    await dataSource.transaction((manager) => recordTenantUpserted(manager, existing, null));
    return { tenantId: existing.id, created: false };
  }
  const passwordHash = await hashPassword(options.password);
  const tenantId = await dataSource.transaction(async (manager) => {
    const tenant = await manager.save(
      manager.create(Tenant, {
        name: 'Universitas Demo',
        domain: options.domain,
        description: 'Demo campus of the learning-management system',
        favicon: null,
        landingPageUrl: null,
        whatsapp: [{ label: 'Academic office', number: '+6281234567890' }],
        tawkSrc: null,
        timeZone: 'Asia/Jakarta',
      }),
    );
    await recordTenantUpserted(manager, tenant, null);
    for (const demo of DEMO_USERS) {
      const user = await manager.save(
        manager.create(User, {
          tenantId: tenant.id,
          username: demo.username,
          name: demo.name,
          email: `${demo.username}@demo.ac.id`,
          passwordHash,
          level: demo.level,
          nidn: demo.nidn ?? null,
          nim: demo.nim ?? null,
        }),
      );
      await recordUserUpserted(manager, user, null);
    }
    return tenant.id;
  });
  logger.log(`demo campus created for ${options.domain}`);
  return { tenantId, created: true };
}
