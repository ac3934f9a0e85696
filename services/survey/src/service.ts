import { defineService, seedWhenReady } from '@lms/platform';
import { SurveyAppModule } from './app.module';
import { SurveyConfig } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { seedSurveyDemo } from './seed/demo-survey.seed';

/** survey: its own database (lms_survey), events through the outbox. */
export const surveyService = defineService({
  name: 'survey',
  defaultPort: 3007,
  config: (env) => SurveyConfig.fromEnv(env),
  module: (config, transport) => SurveyAppModule.forRoot(config, transport),
  entities: ENTITIES,
  migrations: MIGRATIONS,
  // A survey of IF101 answered by two of its students; users and the course arrive by event, so it waits.
  seedDemo: (app, demo) => seedWhenReady('survey', demo, (tenantId) => seedSurveyDemo(app, tenantId)),
});
