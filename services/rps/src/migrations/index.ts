import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { SemesterPlans1795575652482 } from './1795575652482-semester-plans';
import { CoursePlans1795575993415 } from './1795575993415-course-plans';
import { RpsApprovers1795577424210 } from './1795577424210-rps-approvers';
import { CpmkMeasurement1795580903572 } from './1795580903572-cpmk-measurement';

/** Every migration of the rps database, oldest first (npm run migration:generate -- rps <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  SemesterPlans1795575652482,
  CoursePlans1795575993415,
  RpsApprovers1795577424210,
  CpmkMeasurement1795580903572,
];
