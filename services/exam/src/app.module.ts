import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import { RealtimeModule } from '@lms/realtime';
import { DataSource } from 'typeorm';
import {
  campusIdOfHost,
  PROJECTED_TOPICS,
  PROJECTIONS,
  Projections,
  ProjectionsBackfill,
} from '@lms/projections';
import { openServiceStorage } from '@lms/storage';
import { ExamAccessController } from './access/access.controller';
import { ExamAccessService } from './access/access.service';
import { SignalsController } from './access/signals.controller';
import { SignalsService } from './access/signals.service';
import { AnswerSaver } from './attempts/answer-saver';
import { AttemptSweeper, SWEEPER_SETTINGS } from './attempts/attempt-sweeper';
import { AttemptsController } from './attempts/attempts.controller';
import { SnapshotRequestedHandler } from './exams/snapshot-requested.handler';
import { AttemptsService } from './attempts/attempts.service';
import { ExamContentCache } from './attempts/exam-content.cache';
import { MonitorFeed } from './attempts/monitor-feed';
import { ExamMonitorGateway } from './attempts/monitor.gateway';
import type { ExamConfig } from './config';
import { DataSetsController } from './datasets/datasets.controller';
import { DataSetsService } from './datasets/datasets.service';
import { ENTITIES } from './entities';
import { ExamStatsController, GradingController, ResultsController } from './grading/grading.controller';
import { GradingAccess } from './grading/grading-access';
import { GradingService } from './grading/grading.service';
import { ResultsService } from './grading/results.service';
import { StatisticsService } from './grading/statistics.service';
import { StudentAnswersController } from './grading/student-answers.controller';
import { StudentAnswersService } from './grading/student-answers.service';
import { ImportsController } from './imports/imports.controller';
import { ImportsService } from './imports/imports.service';
import { MIGRATIONS } from './migrations';
import { ExamsController } from './exams/exams.controller';
import { ExamsService } from './exams/exams.service';
import { ExportsController } from './exports/exports.controller';
import { ExportsService } from './exports/exports.service';
import { QuestionImagesController } from './images/images.controller';
import { QuestionImagesService } from './images/images.service';
import { QuestionAccess } from './questions/question-access';
import { QuestionsController } from './questions/questions.controller';
import { QuestionsService } from './questions/questions.service';
import { SafeExamController } from './safe/safe.controller';
import { SafeExamService } from './safe/safe.service';
import { BLOB_STORAGE } from './storage/blob-storage';

/**
 * exam: database, auth, events and health (serviceModule); the projections of campuses, users
 * and courses (@lms/projections) with their backfill; then its own controllers.
 */
@Module({})
export class ExamAppModule {
  static forRoot(config: ExamConfig, transport: EventTransport): DynamicModule {
    return serviceModule(ExamAppModule, {
      service: 'exam',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      imports: [
        // the live monitor's pushes (/socket/exam), a campus's handshake checked against its host
        RealtimeModule.forRootAsync({
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => ({
            path: '/socket/exam',
            redisUrl: config.redisUrl,
            campusOfHost: campusIdOfHost(dataSource),
          }),
        }),
      ],
      controllers: [
        ...PROJECTIONS.handlers,
        ExamsController,
        QuestionsController,
        DataSetsController,
        ImportsController,
        SafeExamController,
        GradingController,
        ExamStatsController,
        ResultsController,
        StudentAnswersController,
        ExamAccessController,
        ExportsController,
        QuestionImagesController,
        SignalsController,
        AttemptsController,
        SnapshotRequestedHandler,
      ],
      providers: [
        ExamsService,
        Projections,
        ...ProjectionsBackfill.providers({ service: 'exam', topics: PROJECTED_TOPICS }),
        QuestionAccess,
        QuestionsService,
        DataSetsService,
        ImportsService,
        SafeExamService,
        ExportsService,
        QuestionImagesService,
        { provide: BLOB_STORAGE, useFactory: () => openServiceStorage('exam', config.blobs) },
        GradingAccess,
        GradingService,
        ResultsService,
        StatisticsService,
        StudentAnswersService,
        ExamAccessService,
        SignalsService,
        ExamContentCache,
        AttemptsService,
        AnswerSaver,
        AttemptSweeper,
        MonitorFeed,
        ExamMonitorGateway,
        { provide: SWEEPER_SETTINGS, useValue: { intervalMs: config.attemptSweepIntervalMs } },
      ],
    });
  }
}
