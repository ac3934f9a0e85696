import { InboxEvent, OutboxEvent } from '@lms/events';
import { ProjectionBackfill } from '@lms/projections';
import { GRADEABLES } from './gradeables';
import { Completion } from './completion/completion.entity';
import { GRADEBOOK_ENTITIES } from './gradebook/gradebook.entity';
import { Content } from './contents/content.entity';
import { CourseFile } from './contents/course-file.entity';
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
import { Faculty } from './faculties/faculty.entity';
import { CourseRequest } from './requests/course-request.entity';
import { Form, FormAnswer } from './forms/form.entity';
import { CourseView } from './public/course-view.entity';
import { TenantProjection } from './tenants/tenant-projection.entity';
import { TaskAnswerFact } from './work/answer-fact.entity';
import { ExamAttemptFact } from './work/attempt-fact.entity';
import { TimelineEntry } from './work/timeline-entry.entity';
import { Thread, ThreadReply } from './threads/thread.entity';
import { CourseGroup, CourseGroupMember } from './groups/course-group.entity';
import { Bookmark } from './space/bookmark.entity';
import { Note } from './space/note.entity';
import { Vlab, VlabResult } from './vlabs/vlab.entity';

export const ENTITIES = [
  UserProjection,
  TenantProjection,
  Period,
  Course,
  CourseAssistant,
  CourseClass,
  ClassStudent,
  CourseModule,
  Activity,
  Content,
  CourseFile,
  Completion,
  AssistantRequest,
  EnrolmentWindow,
  EnrolmentToken,
  CourseView,
  Faculty,
  CourseRequest,
  Form,
  FormAnswer,
  ExamAttemptFact,
  TaskAnswerFact,
  TimelineEntry,
  ...GRADEABLES.entities,
  ...GRADEBOOK_ENTITIES,
  ProjectionBackfill,
  Thread,
  ThreadReply,
  CourseGroup,
  CourseGroupMember,
  Vlab,
  VlabResult,
  Bookmark,
  Note,
  OutboxEvent,
  InboxEvent,
];
