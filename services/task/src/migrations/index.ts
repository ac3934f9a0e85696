import { EventsTables1763800000000 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';

/** Every migration of the task database, oldest first (npm run migration:generate -- task <Name>). */
export const MIGRATIONS = [EventsTables1763800000000, ...PROJECTION_MIGRATIONS];
