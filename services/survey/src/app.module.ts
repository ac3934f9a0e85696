import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { PROJECTED_TOPICS, PROJECTIONS, Projections, ProjectionsBackfill } from '@lms/projections';
import type { SurveyConfig } from './config';
import { CourseSurveysAdminController, SurveysController } from './course-surveys/course-surveys.controller';
import { CourseSurveysService } from './course-surveys/course-surveys.service';
import { ResponsesService } from './course-surveys/responses.service';
import { DefinitionsController } from './definitions/definitions.controller';
import { DefinitionsService } from './definitions/definitions.service';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * survey: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; survey definitions, course surveys, their
 * responses and results.
 */
@Module({})
export class SurveyAppModule {
  static forRoot(config: SurveyConfig, transport: EventTransport): DynamicModule {
    return serviceModule(SurveyAppModule, {
      service: 'survey',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      // the definitions' controller first: its static path before the `:id` routes of /v2/survey
      controllers: [
        ...PROJECTIONS.handlers,
        DefinitionsController,
        CourseSurveysAdminController,
        SurveysController,
      ],
      providers: [
        Projections,
        ...ProjectionsBackfill.providers({ service: 'survey', topics: PROJECTED_TOPICS }),
        DefinitionsService,
        CourseSurveysService,
        ResponsesService,
      ],
    });
  }
}
