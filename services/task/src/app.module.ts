import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import { openServiceStorage } from '@lms/storage';
import { AnnotationsController } from './annotations/annotations.controller';
import { AnnotationsService } from './annotations/annotations.service';
import { AnswersController } from './answers/answers.controller';
import { AnswersService } from './answers/answers.service';
import { TaskAccess } from './answers/task-access';
import { CommentsController } from './comments/comments.controller';
import { CommentsService } from './comments/comments.service';
import type { TaskConfig } from './config';
import { ENTITIES } from './entities';
import { TaskExportRunner } from './exports/task-export.runner';
import { TaskExportsController } from './exports/task-exports.controller';
import { TaskExportsService } from './exports/task-exports.service';
import { TaskFiles } from './files/task-files';
import { TASK_STORAGE } from './files/task-storage';
import { GradingController, ScoresExportController, TaskStatsController } from './grading/grading.controller';
import { SnapshotRequestedHandler } from './tasks/snapshot-requested.handler';
import { GRADING_PROVIDERS } from './grading/grading.providers';
import { GroupsController } from './groups/groups.controller';
import { GroupsService } from './groups/groups.service';
import { RubricsController, RubricTemplatesController } from './rubrics/rubric-templates.controller';
import { GroupSetsController } from './groups/group-sets.controller';
import { GroupsChangedHandler } from './groups/group-sets.handler';
import { GroupSetsService } from './groups/group-sets.service';
import { RubricTemplatesService } from './rubrics/rubric-templates.service';
import { TasksController } from './tasks/tasks.controller';
import { TasksService } from './tasks/tasks.service';
import { MIGRATIONS } from './migrations';

/**
 * task: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class TaskAppModule {
  static forRoot(config: TaskConfig, transport: EventTransport): DynamicModule {
    return serviceModule(TaskAppModule, {
      service: 'task',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [
        ...PROJECTIONS.handlers,
        TasksController,
        RubricTemplatesController,
        RubricsController,
        AnnotationsController,
        GradingController,
        TaskStatsController,
        ScoresExportController,
        TaskExportsController,
        AnswersController,
        GroupsController,
        GroupSetsController,
        GroupsChangedHandler,
        CommentsController,
        SnapshotRequestedHandler,
      ],
      providers: [
        Projections,
        // its group sets projection (`from-set`) too
        ...ProjectionsBackfill.providers({ service: 'task', topics: [...PROJECTED_TOPICS, 'course.groups'] }),
        { provide: TASK_STORAGE, useFactory: () => openServiceStorage('task', config.blobs) },
        TaskFiles,
        TasksService,
        RubricTemplatesService,
        AnnotationsService,
        ...GRADING_PROVIDERS,
        TaskExportsService,
        TaskExportRunner,
        TaskAccess,
        AnswersService,
        GroupsService,
        GroupSetsService,
        CommentsService,
      ],
    });
  }
}
