import { attributes, field } from '@lms/jsonapi';

/** `PATCH /api/admin/campuses/:id/users/:userId`: deactivate (false) or reactivate (true) a user. */
export const userStatusRules = attributes({ active: field.boolean() });
