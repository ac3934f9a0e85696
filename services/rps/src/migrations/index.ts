import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';

/** Every migration of the rps database, oldest first (npm run migration:generate -- rps <Name>). */
export const MIGRATIONS = [EventsTables1763800000000, ...PROJECTION_MIGRATIONS, OutboxOrder1795533482436];
