export { SurveyConfig } from './config';
export { surveyService } from './service';
