import 'reflect-metadata';
import { runService } from '@lms/platform';
import { surveyService } from './service';

/** Stack mode: survey as its own process, events on Kafka. */
runService(surveyService);
