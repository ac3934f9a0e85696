import { join } from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { loadOrCreateSigningSecret, openServiceStorage } from '@lms/storage';
import { MEMBERSHIPS, ProjectionsBackfill } from '@lms/projections';
import type { IdentityConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { InternalController } from './sessions/internal.controller';
import { InternalGuard } from './sessions/internal.guard';
import { SessionsService } from './sessions/sessions.service';
import { OidcProviders } from './sso/oidc';
import { SsoSettingsController } from './sso/sso-settings.controller';
import { SsoService } from './sso/sso.service';
import { CampusesController } from './tenants/campuses.controller';
import { SnapshotRequestedHandler } from './tenants/snapshot-requested.handler';
import { Tenant } from './tenants/tenant.entity';
import { TenantsController } from './tenants/tenants.controller';
import { TenantsService } from './tenants/tenants.service';
import { RevokedSessions } from '@lms/auth';
import { ManagedUsersController } from './users/managed-users.controller';
import { ManagedUsersService } from './users/managed-users.service';
import { OwnRecords } from './users/own-records';
import { AccountMail } from './account-mail/account-mail';
import { RegistrationsController } from './registrations/registrations.controller';
import { RegistrationsService } from './registrations/registrations.service';
import { PasswordsController } from './passwords/passwords.controller';
import { PasswordsService } from './passwords/passwords.service';
import { AvatarsController } from './users/avatars.controller';
import { AvatarsService } from './users/avatars.service';
import { AvatarStore } from './users/avatar-store';
import { BLOB_STORAGE } from './storage/blob-storage';
import { NATIONAL_REGISTRY, openNationalRegistry } from './registry/national-registry';
import { RegistryController } from './registry/registry.controller';
import { RegistryChecksService } from './registry/registry.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { UserImportsController } from './user-imports/user-imports.controller';
import { UserImportsService } from './user-imports/user-imports.service';
import { RetentionSweeper } from './retention/retention.sweeper';
import { SecretBox } from './sso/secret-box';

@Module({})
export class IdentityAppModule {
  static forRoot(config: IdentityConfig, transport: EventTransport): DynamicModule {
    return serviceModule(IdentityAppModule, {
      service: 'identity',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      repositories: [Tenant],
      controllers: [
        TenantsController,
        CampusesController,
        UserImportsController,
        ManagedUsersController,
        SsoSettingsController,
        PasswordsController,
        RegistrationsController,
        UsersController,
        AvatarsController,
        RegistryController,
        InternalController,
        ...MEMBERSHIPS.handlers,
        SnapshotRequestedHandler,
      ],
      providers: [
        TenantsService,
        UsersService,
        AvatarsService,
        AvatarStore,
        RegistryChecksService,
        { provide: NATIONAL_REGISTRY, useFactory: () => openNationalRegistry(config.registry) },
        { provide: BLOB_STORAGE, useFactory: () => openServiceStorage('identity', config.blobs) },
        UserImportsService,
        ManagedUsersService,
        PasswordsService,
        AccountMail,
        RegistrationsService,
        // sessions a deactivation or a password change ends: shared with the gateway (ADR: sessions)
        { provide: RevokedSessions, useFactory: () => RevokedSessions.open({ redisUrl: config.redisUrl }) },
        OwnRecords,
        SessionsService,
        InternalGuard,
        ...ProjectionsBackfill.providers({ service: 'identity', topics: MEMBERSHIPS.topics }),
        SsoService,
        OidcProviders,
        {
          provide: SecretBox,
          useFactory: () =>
            new SecretBox(
              loadOrCreateSigningSecret(
                join(config.blobs.dataDir, 'keys', 'identity-secrets.key'),
                config.secretsKey,
              ),
            ),
        },
        RetentionSweeper,
      ],
    });
  }
}
