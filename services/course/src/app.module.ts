import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@lms/auth';
import { openServiceDataSource } from '@lms/database';
import { EventsModule, type EventTransport } from '@lms/events';
import { HealthModule } from '@lms/platform';
import { CourseConfig } from './config';
import { CourseAdminService } from './courses/course-admin.service';
import { DirectoryController } from './courses/directory.controller';
import { DirectoryService } from './courses/directory.service';
import { CoursesController } from './courses/courses.controller';
import { CoursesService } from './courses/courses.service';
import { ContentsController } from './contents/contents.controller';
import { ContentsService } from './contents/contents.service';
import { CourseAccess } from './courses/course-access.service';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { EnrolmentController } from './enrolment/enrolment.controller';
import { EnrolmentService } from './enrolment/enrolment.service';
import { StaffController } from './staff/staff.controller';
import { StaffService } from './staff/staff.service';
import { ActivitiesController } from './structure/activities.controller';
import { ModulesController } from './structure/modules.controller';
import { SortController } from './structure/sort.controller';
import { StructureService } from './structure/structure.service';
import { UserUpsertedHandler } from './users/user-upserted.handler';

@Module({})
export class CourseModule {
  static forRoot(config: CourseConfig, transport: EventTransport): DynamicModule {
    return {
      module: CourseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({ type: 'postgres' }),
          dataSourceFactory: () =>
            openServiceDataSource({
              url: config.databaseUrl,
              service: 'course',
              entities: ENTITIES,
              migrations: MIGRATIONS,
            }),
        }),
        AuthModule.forRoot({ publicKeyPem: config.jwtPublicKey }),
        EventsModule.forRoot({ service: 'course', transport }),
        HealthModule,
      ],
      controllers: [
        CoursesController,
        DirectoryController,
        ModulesController,
        ActivitiesController,
        SortController,
        ContentsController,
        StaffController,
        EnrolmentController,
        UserUpsertedHandler,
      ],
      providers: [
        { provide: CourseConfig, useValue: config },
        CourseAccess,
        CoursesService,
        CourseAdminService,
        DirectoryService,
        StructureService,
        ContentsService,
        StaffService,
        EnrolmentService,
      ],
    };
  }
}
