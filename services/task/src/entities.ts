import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import { TaskAnnotation } from './annotations/annotation.entity';
import { GroupAssessment, TaskAnswer } from './answers/task-answer.entity';
import { Comment } from './comments/comment.entity';
import { TaskExport } from './exports/task-export.entity';
import { CourseGroupSet } from './groups/group-set.entity';
import { TaskGroup, TaskGroupMember } from './groups/task-group.entity';
import { RubricTemplate } from './rubrics/rubric-template.entity';
import { Task, TaskClass } from './tasks/task.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  Task,
  TaskClass,
  RubricTemplate,
  TaskGroup,
  TaskGroupMember,
  CourseGroupSet,
  TaskAnswer,
  GroupAssessment,
  Comment,
  TaskAnnotation,
  TaskExport,
];
