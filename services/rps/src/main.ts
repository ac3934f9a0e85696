import 'reflect-metadata';
import { runService } from '@lms/platform';
import { rpsService } from './service';

/** Stack mode: rps as its own process, events on Kafka. */
runService(rpsService);
