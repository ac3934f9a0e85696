import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@lms/auth';
import { openServiceDataSource } from '@lms/database';
import { EventsModule, type EventTransport } from '@lms/events';
import { HealthModule } from '@lms/platform';
import { IdentityConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { InternalController } from './sessions/internal.controller';
import { InternalGuard } from './sessions/internal.guard';
import { SessionsService } from './sessions/sessions.service';
import { Tenant } from './tenants/tenant.entity';
import { TenantsController } from './tenants/tenants.controller';
import { TenantsService } from './tenants/tenants.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({})
export class IdentityAppModule {
  static forRoot(config: IdentityConfig, transport: EventTransport): DynamicModule {
    return {
      module: IdentityAppModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres' }),
          dataSourceFactory: () =>
            openServiceDataSource({
              url: config.databaseUrl,
              service: 'identity',
              entities: ENTITIES,
              migrations: MIGRATIONS,
            }),
        }),
        TypeOrmModule.forFeature([Tenant]),
        AuthModule.forRoot({ publicKeyPem: config.jwtPublicKey }),
        EventsModule.forRoot({ service: 'identity', transport }),
        HealthModule,
      ],
      controllers: [TenantsController, UsersController, InternalController],
      providers: [
        { provide: IdentityConfig, useValue: config },
        TenantsService,
        UsersService,
        SessionsService,
        InternalGuard,
      ],
    };
  }
}
