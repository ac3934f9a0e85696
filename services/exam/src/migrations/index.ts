import { EventsTables1763800000000 } from '@lms/events';

/** Every migration of the exam database, oldest first (npm run migration:generate -- exam <Name>). */
export const MIGRATIONS = [EventsTables1763800000000];
