import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { RpsApprover } from './approvers/rps-approver.entity';
import { CoursePlan, CoursePlanStage } from './courseplans/course-plan.entity';
import { CPMK_ENTITIES } from './cpmk/cpmk.entities';
import { SemesterPlan } from './plans/semester-plan.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  SemesterPlan,
  CoursePlan,
  CoursePlanStage,
  RpsApprover,
  ...CPMK_ENTITIES,
];
