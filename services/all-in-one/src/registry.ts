import { courseService } from '@lms/course';
import { identityService } from '@lms/identity';
import { examService } from '@lms/exam';
import { taskService } from '@lms/task';
import { presenceService } from '@lms/presence';
import { messagingService } from '@lms/messaging';
import { surveyService } from '@lms/survey';
import { projectService } from '@lms/project';
import { rpsService } from '@lms/rps';
import type { ServiceDefinition } from '@lms/platform';

/**
 * Every domain service, in start order (a service's demo seed may need what an earlier one
 * seeded). `npm start` (platform.ts), `npm run stack` (scripts/stack.mjs, from the built
 * dist/registry.js), the end-to-end tests and the deployment checks read this list;
 * `npm run new:service` adds to it. The gateway is not a domain service and comes last.
 */
export const SERVICES: ServiceDefinition[] = [
  identityService,
  courseService,
  examService,
  taskService,
  presenceService,
  messagingService,
  surveyService,
  projectService,
  rpsService,
];
