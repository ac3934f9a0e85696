/**
 * The catalogue of every event the services exchange: one data type and one validator per
 * event type, imported by producer and consumer alike. Versioned by adding fields only.
 */
import type { PlatformRole } from '@lms/auth';

export type { PlatformRole };

export interface IdentityUserUpserted {
  id: number;
  username: string;
  name: string;
  email: string | null;
  thumbnail: string | null;
  role: PlatformRole;
  active: boolean;
  nidn: string | null;
  nim: string | null;
  updatedAt: string;
}

/**
 * A campus (tenant) was created or changed: what other services need to serve requests that
 * carry no token (the public catalogue finds its campus by host name) and to show dates.
 */
export interface IdentityTenantUpserted {
  id: number;
  /** Host name the campus is served at, lower case, without port. */
  domain: string;
  name: string;
  /** IANA zone, e.g. `Asia/Jakarta`. */
  timeZone: string;
  description: string | null;
  favicon: string | null;
  landingPageUrl: string | null;
  updatedAt: string;
}

/** Something in a course's structure changed: its modules, activities or contents. */
export interface CourseStructureChanged {
  courseId: number;
  /** What kind of item changed. */
  subject: 'module' | 'activity' | 'content';
  action: 'created' | 'updated' | 'deleted' | 'sorted' | 'archived' | 'restored' | 'copied' | 'moved';
  /** Ids of the items concerned (for `copied`: the new copies). */
  ids: number[];
}

/** The course's staff after a change: a full snapshot, so a projection can simply replace it. */
export interface CourseStaffChanged {
  courseId: number;
  lecturerId: number | null;
  assistants: Array<{ userId: number; isCoordinator: boolean }>;
}

/** A student joined or left a class of a course. */
export interface CourseEnrolmentChanged {
  courseId: number;
  classId: number;
  userId: number;
  enrolled: boolean;
  /**
   * `joined` by token, `left` by themselves, `kicked` by the lecturer, `synced`: put in or taken
   * out of the class by a sync with the academic system's roster.
   */
  reason: 'joined' | 'left' | 'kicked' | 'synced';
}

export interface EventDataMap {
  'identity.user.upserted': IdentityUserUpserted;
  'identity.tenant.upserted': IdentityTenantUpserted;
  'course.structure.changed': CourseStructureChanged;
  'course.staff.changed': CourseStaffChanged;
  'course.enrolment.changed': CourseEnrolmentChanged;
}

export type EventType = keyof EventDataMap;

type Check = (data: Record<string, unknown>) => string | null;

const isString = (v: unknown) => typeof v === 'string';
const isNullableString = (v: unknown) => v === null || typeof v === 'string';

function fields(spec: Record<string, (v: unknown) => boolean>): Check {
  return (data) => {
    for (const [name, ok] of Object.entries(spec)) if (!ok(data[name])) return `field "${name}" is invalid`;
    return null;
  };
}

const isIdList = (v: unknown) => Array.isArray(v) && v.every(Number.isInteger);
const oneOf =
  (...values: string[]) =>
  (v: unknown) =>
    typeof v === 'string' && values.includes(v);

const validators: Record<EventType, Check> = {
  'identity.user.upserted': fields({
    id: Number.isInteger,
    username: isString,
    name: isString,
    email: isNullableString,
    thumbnail: isNullableString,
    role: (v) => v === 'student' || v === 'lecturer' || v === 'admin' || v === 'lptk',
    active: (v) => typeof v === 'boolean',
    nidn: isNullableString,
    nim: isNullableString,
    updatedAt: isString,
  }),
  'identity.tenant.upserted': fields({
    id: Number.isInteger,
    domain: (v) => typeof v === 'string' && v.length > 0 && v === v.toLowerCase(),
    name: isString,
    timeZone: (v) => typeof v === 'string' && v.length > 0,
    description: isNullableString,
    favicon: isNullableString,
    landingPageUrl: isNullableString,
    updatedAt: isString,
  }),
  'course.structure.changed': fields({
    courseId: Number.isInteger,
    subject: oneOf('module', 'activity', 'content'),
    action: oneOf('created', 'updated', 'deleted', 'sorted', 'archived', 'restored', 'copied', 'moved'),
    ids: isIdList,
  }),
  'course.staff.changed': fields({
    courseId: Number.isInteger,
    lecturerId: (v) => v === null || Number.isInteger(v),
    assistants: (v) =>
      Array.isArray(v) &&
      v.every(
        (a: { userId?: unknown; isCoordinator?: unknown }) =>
          Number.isInteger(a?.userId) && typeof a?.isCoordinator === 'boolean',
      ),
  }),
  'course.enrolment.changed': fields({
    courseId: Number.isInteger,
    classId: Number.isInteger,
    userId: Number.isInteger,
    enrolled: (v) => typeof v === 'boolean',
    reason: oneOf('joined', 'left', 'kicked', 'synced'),
  }),
};

export function isKnownEventType(type: string): type is EventType {
  return Object.prototype.hasOwnProperty.call(validators, type);
}

/** Throws with a clear reason when an event's data does not match its contract. */
export function assertEventData(type: string, data: unknown): void {
  if (!isKnownEventType(type)) throw new Error(`Unknown event type "${type}"`);
  if (typeof data !== 'object' || data === null) throw new Error(`Event ${type}: data must be an object`);
  const problem = validators[type](data as Record<string, unknown>);
  if (problem) throw new Error(`Event ${type}: ${problem}`);
}
