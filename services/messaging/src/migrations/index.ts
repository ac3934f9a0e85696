import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { Conversations1795563926808 } from './1795563926808-conversations';
import { Notifications1795564169262 } from './1795564169262-notifications';
import { NotificationLanguages1795575356808 } from './1795575356808-notification-languages';

/** Every migration of the messaging database, oldest first (npm run migration:generate -- messaging <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  Conversations1795563926808,
  Notifications1795564169262,
  NotificationLanguages1795575356808,
];
