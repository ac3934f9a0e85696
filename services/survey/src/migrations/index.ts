import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { Surveys1795575494198 } from './1795575494198-surveys';

/** Every migration of the survey database, oldest first (npm run migration:generate -- survey <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  Surveys1795575494198,
];
