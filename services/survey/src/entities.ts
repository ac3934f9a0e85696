import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { CourseSurvey, SurveyAnswer, SurveyRespondent } from './course-surveys/course-survey.entity';
import { Survey, SurveyQuestion } from './definitions/survey.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  Survey,
  SurveyQuestion,
  CourseSurvey,
  SurveyRespondent,
  SurveyAnswer,
];
