import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { Presence1795553105335 } from './1795553105335-presence';
import { Crs1795563946736 } from './1795563946736-crs';

/** Every migration of the presence database, oldest first (npm run migration:generate -- presence <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  Presence1795553105335,
  Crs1795563946736,
];
