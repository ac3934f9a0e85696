import { type DynamicModule, Module } from '@nestjs/common';
import type { EventTransport } from '@lms/events';
import { serviceModule } from '@lms/platform';
import type { ExamConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** exam: database, auth, events and health (serviceModule), then its own controllers. */
@Module({})
export class ExamAppModule {
  static forRoot(config: ExamConfig, transport: EventTransport): DynamicModule {
    return serviceModule(ExamAppModule, {
      service: 'exam',
      config,
      transport,
      entities: ENTITIES,
      migrations: MIGRATIONS,
      controllers: [],
      providers: [],
    });
  }
}
