import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { Notifications1795564169262 } from './1795564169262-notifications';

/** Every migration of the messaging database, oldest first (npm run migration:generate -- messaging <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  Notifications1795564169262,
];
