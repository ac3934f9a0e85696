import 'reflect-metadata';
import { runService } from '@lms/platform';
import { examService } from './service';

/** Stack mode: exam as its own process, events on Kafka. */
runService(examService);
