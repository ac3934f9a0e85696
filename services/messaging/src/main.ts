import 'reflect-metadata';
import { runService } from '@lms/platform';
import { messagingService } from './service';

/** Stack mode: messaging as its own process, events on Kafka. */
runService(messagingService);
