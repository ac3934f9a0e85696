import 'reflect-metadata';
import { runService } from '@lms/platform';
import { courseService } from './service';

/** Stack mode: the course service as its own process, events on Kafka. */
runService(courseService);
