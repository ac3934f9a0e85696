import { EventsTables1763800000000, OutboxOrder1795533482436 } from '@lms/events';
import { PROJECTION_MIGRATIONS } from '@lms/projections';
import { TaskModel1795502295190 } from './1795502295190-task-model';
import { TaskAnnotations1795502901487 } from './1795502901487-task-annotations';
import { CourseGroupSets1795517111334 } from './1795517111334-course-group-sets';
import { TaskExports1795541539816 } from './1795541539816-task-exports';

/** Every migration of the task database, oldest first (npm run migration:generate -- task <Name>). */
export const MIGRATIONS = [
  EventsTables1763800000000,
  ...PROJECTION_MIGRATIONS,
  TaskModel1795502295190,
  TaskAnnotations1795502901487,
  CourseGroupSets1795517111334,
  OutboxOrder1795533482436,
  TaskExports1795541539816,
];
