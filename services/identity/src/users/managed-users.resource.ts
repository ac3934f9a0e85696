import { PLATFORM_ROLES, type PlatformRole } from '@lms/auth';
import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import type { User } from './user.entity';

/** A user as the operators of their campus manage them: who they are and whether they may sign in. */
export const managedUserResource = defineResource({
  name: 'ManagedUser',
  type: 'managed-users',
  schema: {
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    level: z.enum(PLATFORM_ROLES as readonly [PlatformRole, ...PlatformRole[]]),
    /** False: the user cannot sign in, and their sessions were ended when it was set. */
    active: z.boolean(),
    nim: z.string().nullable(),
    nidn: z.string().nullable(),
    last_login_at: z.date().nullable(),
    created_at: z.date(),
    updated_at: z.date(),
  },
  attributes: (user: User) => ({
    username: user.username,
    name: user.name,
    email: user.email,
    level: user.level,
    active: user.active,
    nim: user.nim,
    nidn: user.nidn,
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  }),
});

export const managedUserQuery: QuerySpec = {
  filters: {
    username: { column: 'user.username', type: 'string', ops: ['is', 'like'] },
    name: { column: 'user.name', type: 'string', ops: ['is', 'like'] },
    level: { column: 'user.level', type: 'string', ops: ['is', 'in'] },
    active: { column: 'user.active', type: 'boolean', ops: ['is'] },
  },
  sorts: { id: 'user.id', username: 'user.username', name: 'user.name' },
  defaultSort: 'username',
  maxLimit: 100,
};
