import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { ProjectTables1795575491051 } from './1795575491051-project-tables';
import { ContentFiles1795578825519 } from './1795578825519-content-files';
import { CardAssignees1795589802526 } from './1795589802526-card-assignees';
import { CardCompletionReminders1795596845953 } from './1795596845953-card-completion-reminders';

/** Every migration of the project database, oldest first (npm run migration:generate -- project <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  OutboxOrder1795533482436,
  ProjectTables1795575491051,
  ContentFiles1795578825519,
  CardAssignees1795589802526,
  CardCompletionReminders1795596845953,
];
