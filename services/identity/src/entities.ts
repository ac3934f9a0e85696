import { InboxEvent, OutboxEvent } from '@lms/events';
import { CourseRoster } from './memberships/course-roster.entity';
import { CourseStaff } from './memberships/course-staff.entity';
import { CourseStudent } from './memberships/course-student.entity';
import { ProjectionBackfill } from './memberships/projection-backfill.entity';
import { RefreshToken } from './sessions/refresh-token.entity';
import { Tenant } from './tenants/tenant.entity';
import { User } from './users/user.entity';

export const ENTITIES = [
  Tenant,
  User,
  RefreshToken,
  CourseRoster,
  CourseStaff,
  CourseStudent,
  ProjectionBackfill,
  OutboxEvent,
  InboxEvent,
];
