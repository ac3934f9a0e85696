import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { SemesterPlan } from './plans/semester-plan.entity';

export const ENTITIES = [...PROJECTIONS.entities, OutboxEvent, InboxEvent, SemesterPlan];
