import 'reflect-metadata';
import { runService } from '@lms/platform';
import { taskService } from './service';

/** Stack mode: task as its own process, events on Kafka. */
runService(taskService);
