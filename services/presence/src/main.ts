import 'reflect-metadata';
import { runService } from '@lms/platform';
import { presenceService } from './service';

/** Stack mode: presence as its own process, events on Kafka. */
runService(presenceService);
