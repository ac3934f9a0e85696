import 'reflect-metadata';
import { runService } from '@lms/platform';
import { projectService } from './service';

/** Stack mode: project as its own process, events on Kafka. */
runService(projectService);
