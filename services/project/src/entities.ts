import { InboxEvent, OutboxEvent } from '@lms/events';
import { PROJECTIONS } from '@lms/projections';
import {
  BoardCard,
  BoardCardAssignee,
  BoardColumn,
  ContentComment,
  ProjectContent,
} from './contents/content.entity';
import { Project, ProjectMember, ProjectModule } from './projects/project.entity';
import { ProjectActivity } from './timeline/activity.entity';
import { JoinGuess, Workspace, WorkspaceMember } from './workspaces/workspace.entity';

export const ENTITIES = [
  ...PROJECTIONS.entities,
  OutboxEvent,
  InboxEvent,
  Workspace,
  WorkspaceMember,
  JoinGuess,
  Project,
  ProjectMember,
  ProjectModule,
  ProjectContent,
  BoardColumn,
  BoardCard,
  BoardCardAssignee,
  ContentComment,
  ProjectActivity,
];
