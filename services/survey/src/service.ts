import { defineService } from '@lms/platform';
import { SurveyAppModule } from './app.module';
import { SurveyConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/** survey: its own database (lms_survey), events through the outbox. */
export const surveyService = defineService({
  name: 'survey',
  defaultPort: 3007,
  config: (env) => SurveyConfig.fromEnv(env),
  module: (config, transport) => SurveyAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
});
