import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import { openServiceStorage } from '@lms/storage';
import type { PresenceConfig } from './config';
import { ENTITIES } from './entities';
import { PresenceExportsController } from './exports/presence-exports.controller';
import { PresenceExportsService } from './exports/presence-exports.service';
import { PRESENCE_STORAGE } from './exports/presence-storage';
import { MIGRATIONS } from './migrations';
import { CheckInService } from './sessions/check-in.service';
import { PresenceController, PresencesController } from './sessions/presences.controller';
import { PresencesService } from './sessions/presences.service';
import { SnapshotRequestedHandler } from './sessions/snapshot-requested.handler';

/**
 * presence: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers, and the answer to
 * a consumer's backfill of sent sessions.
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
      controllers: [
        ...PROJECTIONS.handlers,
        PresencesController,
        PresenceController,
        PresenceExportsController,
        SnapshotRequestedHandler,
      ],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'presence', topics: PROJECTED_TOPICS }),
        { provide: PRESENCE_STORAGE, useFactory: () => openServiceStorage('presence', config.blobs) },
        PresencesService,
        CheckInService,
        PresenceExportsService,
      ],
    });
  }
}
