import { EventsTables1763800000000 } from '@lms/events';
import { Init1795387598593 } from './1795387598593-init';

/** Every migration of the course database, oldest first. */
export const MIGRATIONS = [EventsTables1763800000000, Init1795387598593];
