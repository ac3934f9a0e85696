import { EventsTables1763800000000 } from '@lms/events';
import { Init1795387450004 } from './1795387450004-init';

/** Every migration of the identity database, oldest first. */
export const MIGRATIONS = [EventsTables1763800000000, Init1795387450004];
