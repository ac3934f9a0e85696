import { attributes, type AttributesOf, field } from '@lms/jsonapi';

const name = field.string({ min: 1, max: 200 });
const description = field.string({ max: 5000 });
const thumbnail = field.string({ max: 500 }).nullable();

/** `POST /project/workspaces` (lecturers). */
export const workspaceCreateRules = attributes({
  name,
  description: description.optional(),
  thumbnail: thumbnail.optional(),
});

/** `PATCH /project/workspaces/{id}` (its owner): what is sent changes. */
export const workspaceUpdateRules = attributes({
  name: name.optional(),
  description: description.optional(),
  thumbnail: thumbnail.optional(),
});
export type WorkspaceUpdate = AttributesOf<typeof workspaceUpdateRules>;

/** `PATCH /project/workspaces/{id}/token`: a new join token, valid until then (the future). */
export const workspaceTokenRules = attributes({ token_expired_at: field.date() });

/** `POST /project/workspaces/join`: joining as a student with the owner's token (spec 03 §6). */
export const workspaceJoinRules = attributes({
  type: field.enum(['student']),
  workspace_id: field.id(),
  token: field.string({ min: 1, max: 32 }),
});
export type WorkspaceJoin = AttributesOf<typeof workspaceJoinRules>;
