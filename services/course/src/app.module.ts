import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '@lms/auth';
import { openServiceDataSource } from '@lms/database';
import { EventsModule, type EventTransport } from '@lms/events';
import { HealthModule } from '@lms/platform';
import { CourseConfig } from './config';
import { CoursesController } from './courses/courses.controller';
import { CoursesService } from './courses/courses.service';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
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
      controllers: [CoursesController, UserUpsertedHandler],
      providers: [{ provide: CourseConfig, useValue: config }, CoursesService],
    };
  }
}
