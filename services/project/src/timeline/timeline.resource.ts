import { defineResource, z } from '@lms/jsonapi';
import type { Person } from '../people';
import { personSchema } from '../workspaces/workspaces.resource';
import { ACTIVITY_ACTIONS, type ProjectActivity } from './activity.entity';

export type ReadActivity = ProjectActivity & { actor: Person };

/** An entry of a project's timeline: who did what to which object (its name then). */
export const activityResource = defineResource({
  name: 'ProjectActivity',
  type: 'project-activities',
  schema: {
    project_id: z.int(),
    action: z.enum(ACTIVITY_ACTIONS),
    actor: personSchema,
    subject_id: z.int().nullable(),
    subject_name: z.string(),
    data: z.record(z.string(), z.unknown()),
    created_at: z.date(),
  },
  attributes: (activity: ReadActivity) => ({
    project_id: Number(activity.projectId),
    action: activity.action,
    actor: activity.actor,
    subject_id: activity.subjectId === null ? null : Number(activity.subjectId),
    subject_name: activity.subjectName,
    data: activity.data,
    created_at: activity.createdAt,
  }),
});
