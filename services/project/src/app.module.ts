import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
import { ProjectAccess } from './access';
import type { ProjectConfig } from './config';
import { BoardGateway } from './contents/board.gateway';
import { ContentFiles, PROJECT_STORAGE } from './contents/content-files';
import { BoardService } from './contents/board.service';
import { CARD_REMINDER_SETTINGS, CardReminders } from './contents/card-reminders';
import { ContentsController } from './contents/contents.controller';
import { ContentsService } from './contents/contents.service';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { ModulesService } from './projects/modules.service';
import { ModulesController, ProjectsController } from './projects/projects.controller';
import { ProjectsService } from './projects/projects.service';
import { TimelineController } from './timeline/timeline.controller';
import { TimelineService } from './timeline/timeline.service';
import { WorkspacesController } from './workspaces/workspaces.controller';
import { WorkspacesService } from './workspaces/workspaces.service';

/**
 * project: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers: workspaces,
 * projects, modules, contents and boards, the project timeline, the boards' socket
 * (`/socket/project`) and the reminders of cards due soon.
 */
@Module({})
export class ProjectAppModule {
  static forRoot(config: ProjectConfig, transport: EventTransport): DynamicModule {
    return serviceModule(ProjectAppModule, {
      service: 'project',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      imports: [
        // the boards' live changes (/socket/project), a campus's handshake checked against its host
        RealtimeModule.forRootAsync({
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => ({
            path: '/socket/project',
            redisUrl: config.redisUrl,
            campusOfHost: campusIdOfHost(dataSource),
          }),
        }),
      ],
      controllers: [
        ...PROJECTIONS.handlers,
        WorkspacesController,
        ProjectsController,
        ModulesController,
        ContentsController,
        TimelineController,
      ],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'project', topics: PROJECTED_TOPICS }),
        ProjectAccess,
        WorkspacesService,
        ProjectsService,
        ModulesService,
        { provide: PROJECT_STORAGE, useFactory: () => openServiceStorage('project', config.blobs) },
        ContentFiles,
        ContentsService,
        BoardService,
        BoardGateway,
        { provide: CARD_REMINDER_SETTINGS, useValue: config.cardReminders },
        CardReminders,
        TimelineService,
      ],
    });
  }
}
