import { attributes, type AttributesOf, field } from '@lms/jsonapi';

const name = field.string({ min: 1, max: 200 });
const description = field.string({ max: 5000 });

/** `POST /project/projects` (the workspace's owner). */
export const projectCreateRules = attributes({
  workspace_id: field.id(),
  name,
  description: description.optional(),
});
export type ProjectCreate = AttributesOf<typeof projectCreateRules>;

/** `PATCH /project/projects/{id}`: what is sent changes. */
export const projectUpdateRules = attributes({ name: name.optional(), description: description.optional() });
export type ProjectUpdate = AttributesOf<typeof projectUpdateRules>;

/** `POST /project/projects/add` and `/remove` (the workspace's owner). */
export const projectMemberRules = attributes({ project_id: field.id(), user_id: field.id() });
export type ProjectMemberChange = AttributesOf<typeof projectMemberRules>;

/** `POST /project/modules`. */
export const moduleCreateRules = attributes({ project_id: field.id(), name });
export type ModuleCreate = AttributesOf<typeof moduleCreateRules>;
