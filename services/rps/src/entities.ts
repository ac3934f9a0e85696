import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { CoursePlan, CoursePlanStage } from './courseplans/course-plan.entity';
import { SemesterPlan } from './plans/semester-plan.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  SemesterPlan,
  CoursePlan,
  CoursePlanStage,
];
