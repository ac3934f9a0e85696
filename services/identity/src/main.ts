import 'reflect-metadata';
import { runService } from '@lms/platform';
import { identityService } from './service';

/** Stack mode: identity as its own process, events on Kafka. */
runService(identityService);
