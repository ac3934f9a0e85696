/**
 * The projections every domain service keeps of other services' facts — campuses, users,
 * courses with their classes, staff and students, modules and activities — as entities, the
 * `@OnEvent` handlers that fill them, their migration, the backfill that fills them on a first
 * start, and the questions asked of them (`Projections`). docs/architecture.md, "Projections".
 */
import { ActivityProjection, CourseStructure, ModuleProjection } from './structure.entity';
import { CourseClassProjection } from './course-class.entity';
import { CourseRoster } from './course-roster.entity';
import { CourseStaff } from './course-staff.entity';
import { CourseStudent } from './course-student.entity';
import { CourseProjection } from './course.entity';
import { CourseUpsertedHandler } from './course-upserted.handler';
import { EnrolmentChangedHandler } from './enrolment-changed.handler';
import { EnrolmentSnapshottedHandler } from './enrolment-snapshotted.handler';
import { ProjectionBackfill } from './projection-backfill.entity';
import { ProjectionTables1795481547098 } from './projections.migration';
import { StaffChangedHandler } from './staff-changed.handler';
import { StructureSnapshottedHandler } from './structure-snapshotted.handler';
import { TenantProjection } from './tenant.entity';
import { TenantUpsertedHandler } from './tenant-upserted.handler';
import { UserProjection } from './user.entity';
import { UserUpsertedHandler } from './user-upserted.handler';
import type { SnapshotTopic } from './backfill';

export {
  ActivityProjection,
  CourseClassProjection,
  CourseProjection,
  CourseRoster,
  CourseStaff,
  CourseStructure,
  CourseStudent,
  ModuleProjection,
  ProjectionBackfill,
  TenantProjection,
  UserProjection,
};
/** Handlers a service may extend to do more with the same event (one handler per event type). */
export { EnrolmentChangedHandler, TenantUpsertedHandler, UserUpsertedHandler };
export { PROJECTED_TOPICS, ProjectionsBackfill } from './backfill';
export type { ProjectionsBackfillOptions, SnapshotTopic } from './backfill';
export { campusIdOfHost, Projections } from './projections';
export type { Caller, CourseRole } from './projections';
export { ProjectionTables1795481547098 } from './projections.migration';

/** The migrations of the projection tables, oldest first: a service lists them after the events tables. */
export const PROJECTION_MIGRATIONS = [ProjectionTables1795481547098];

/**
 * Which courses a campus has, with their classes, and who teaches and who studies in each
 * (`course.course.upserted`, `course.staff.changed`, `course.enrolment.*`): the part identity
 * keeps (its user directory's "who sees whom", and the classes a users import places students in).
 */
export const MEMBERSHIPS = {
  entities: [
    CourseProjection,
    CourseClassProjection,
    CourseRoster,
    CourseStaff,
    CourseStudent,
    ProjectionBackfill,
  ],
  handlers: [
    CourseUpsertedHandler,
    StaffChangedHandler,
    EnrolmentChangedHandler,
    EnrolmentSnapshottedHandler,
  ],
  /** The topics that feed them, for `ProjectionsBackfill.providers`. */
  topics: ['course.course', 'course.staff', 'course.enrolment'] as const satisfies readonly SnapshotTopic[],
};

/**
 * Everything a domain service knows of campuses, users and courses: its entities (in its
 * `ENTITIES`), its handlers (in its controllers), `PROJECTION_MIGRATIONS` in its migrations,
 * `Projections` and `ProjectionsBackfill.providers(…)` in its providers.
 */
export const PROJECTIONS = {
  entities: [
    TenantProjection,
    UserProjection,
    CourseStructure,
    ModuleProjection,
    ActivityProjection,
    ...MEMBERSHIPS.entities,
  ],
  handlers: [
    TenantUpsertedHandler,
    UserUpsertedHandler,
    StructureSnapshottedHandler,
    ...MEMBERSHIPS.handlers,
  ],
};
