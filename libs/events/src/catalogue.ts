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

export interface EventDataMap {
  'identity.user.upserted': IdentityUserUpserted;
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
