import { InboxEvent, OutboxEvent } from '@lms/events';
import { Content } from './contents/content.entity';
import { ClassStudent } from './courses/class-student.entity';
import { CourseAssistant } from './courses/course-assistant.entity';
import { CourseClass } from './courses/course-class.entity';
import { Course } from './courses/course.entity';
import { Period } from './courses/period.entity';
import { EnrolmentToken, EnrolmentWindow } from './enrolment/enrolment-window.entity';
import { AssistantRequest } from './staff/assistant-request.entity';
import { Activity } from './structure/activity.entity';
import { CourseModule } from './structure/module.entity';
import { UserProjection } from './users/user-projection.entity';

export const ENTITIES = [
  UserProjection,
  Period,
  Course,
  CourseAssistant,
  CourseClass,
  ClassStudent,
  CourseModule,
  Activity,
  Content,
  AssistantRequest,
  EnrolmentWindow,
  EnrolmentToken,
  OutboxEvent,
  InboxEvent,
];
