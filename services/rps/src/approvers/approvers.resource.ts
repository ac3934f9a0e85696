import { defineResource, z } from '@lms/jsonapi';
import type { UserProjection } from '@lms/projections';
import type { RpsApprover } from './rps-approver.entity';

/** An approver of the campus's semester plans, with their name. */
export const approverResource = defineResource({
  name: 'RpsApprover',
  type: 'rps-approvers',
  schema: { user_id: z.number(), name: z.string(), username: z.string(), created_at: z.date() },
  attributes: ({ approver, user }: { approver: RpsApprover; user: UserProjection }) => ({
    user_id: Number(approver.userId),
    name: user.name,
    username: user.username,
    created_at: approver.createdAt,
  }),
  id: ({ approver }: { approver: RpsApprover }) => approver.userId,
});
