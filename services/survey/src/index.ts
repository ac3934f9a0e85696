export { SurveyConfig } from './config';
export { surveyService } from './service';
export { seedSurveyDemo } from './seed/demo-survey.seed';
