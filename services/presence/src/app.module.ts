import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import {
  campusIdOfHost,
  PROJECTED_TOPICS,
  PROJECTIONS,
  Projections,
  ProjectionsBackfill,
} from '@lms/projections';
import { RealtimeModule } from '@lms/realtime';
import { openServiceStorage } from '@lms/storage';
import { DataSource } from 'typeorm';
import type { PresenceConfig } from './config';
import { CrsLiveService } from './crs/crs-live.service';
import { CrsXapiService } from './crs/crs-xapi.service';
import { CrsController, PublicCrsController } from './crs/crs.controller';
import { CrsGateway } from './crs/crs.gateway';
import { CrsService } from './crs/crs.service';
import { ENTITIES } from './entities';
import { PresenceExportsController } from './exports/presence-exports.controller';
import { PresenceExportsService } from './exports/presence-exports.service';
import { PRESENCE_STORAGE } from './exports/presence-storage';
import { MIGRATIONS } from './migrations';
import { CheckInService } from './sessions/check-in.service';
import { PresenceController, PresencesController } from './sessions/presences.controller';
import { PresencesService } from './sessions/presences.service';

/**
 * presence: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; the live classroom's socket (@lms/realtime);
 * then its own controllers.
 */
@Module({})
export class PresenceAppModule {
  static forRoot(config: PresenceConfig, transport: EventTransport): DynamicModule {
    return serviceModule(PresenceAppModule, {
      service: 'presence',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      imports: [
        // the live classroom (/socket/crs), a campus's handshake checked against its host
        RealtimeModule.forRootAsync({
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => ({
            path: '/socket/crs',
            redisUrl: config.redisUrl,
            campusOfHost: campusIdOfHost(dataSource),
          }),
        }),
      ],
      controllers: [
        ...PROJECTIONS.handlers,
        PresencesController,
        PresenceController,
        PresenceExportsController,
        CrsController,
        PublicCrsController,
      ],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'presence', topics: PROJECTED_TOPICS }),
        { provide: PRESENCE_STORAGE, useFactory: () => openServiceStorage('presence', config.blobs) },
        PresencesService,
        CheckInService,
        PresenceExportsService,
        CrsService,
        CrsLiveService,
        CrsXapiService,
        CrsGateway,
      ],
    });
  }
}
