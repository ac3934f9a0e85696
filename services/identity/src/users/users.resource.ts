import { defineResource, type QuerySpec, z } from '@lms/jsonapi';
import { PLATFORM_ROLES, type PlatformRole } from '@lms/auth';
import { LANGUAGES, THEMES } from './preferences';
import type { User } from './user.entity';
import type { Sight } from './user-sight';

export interface UserView {
  user: User;
  universityName: string;
  /** What the caller may see of this user (`user-sight.ts`). */
  sight: Sight;
}

/**
 * User info of spec 01 §3; the client maps name → fullname, thumbnail → avatar, level → role.
 * Fields the caller may not see of this user are left out (not sent as null).
 */
export const userResource = defineResource({
  name: 'User',
  type: 'users',
  schema: {
    name: z.string(),
    thumbnail: z.string().nullable(),
    level: z.enum(PLATFORM_ROLES as readonly [PlatformRole, ...PlatformRole[]]),
    university_name: z.string(),
    university_id: z.int(),
    lptk_id: z.int(),
    lecturer_id: z.int().nullable(),
    student_id: z.int().nullable(),
    student_ids: z.array(z.int()),
    /** Shown to the user themselves and to whom sees them in detail (and NIDN to colleagues). */
    username: z.string().optional(),
    email: z.string().nullable().optional(),
    active: z.boolean().optional(),
    last_online: z.date().nullable().optional(),
    nidn: z.string().nullable().optional(),
    nim: z.string().nullable().optional(),
    period_id: z.int().nullable().optional(),
    created_at: z.date().optional(),
    updated_at: z.date().optional(),
    /** Only to the user themselves. */
    notification_email: z.string().nullable().optional(),
    /** Only to the user themselves: the interface language and theme they chose (null: none yet). */
    language: z.enum(LANGUAGES).nullable().optional(),
    theme: z.enum(THEMES).nullable().optional(),
  },
  id: ({ user }: UserView) => user.id,
  attributes: ({ user, universityName, sight }: UserView) => ({
    name: user.name,
    thumbnail: user.thumbnail,
    level: user.level,
    university_name: universityName,
    university_id: user.tenantId,
    lptk_id: user.tenantId,
    lecturer_id: user.level === 'lecturer' ? user.id : null,
    student_id: user.level === 'student' ? user.id : null,
    student_ids: user.level === 'student' ? [user.id] : [],
    ...(sight === 'colleague' ? { nidn: user.nidn } : {}),
    ...(sight === 'self' || sight === 'detail'
      ? {
          username: user.username,
          email: user.email,
          active: user.active,
          last_online: user.lastOnline,
          nidn: user.nidn,
          nim: user.nim,
          period_id: user.periodId,
          created_at: user.createdAt,
          updated_at: user.updatedAt,
        }
      : {}),
    ...(sight === 'self'
      ? { notification_email: user.notificationEmail, language: user.language, theme: user.theme }
      : {}),
  }),
});

/** Activity figures of a user (`GET /stats/user/:id`). */
export const userStatsResource = defineResource({
  name: 'UserStats',
  type: 'user-stats',
  schema: {
    user_id: z.int(),
    login_count: z.int(),
    last_login_at: z.date().nullable(),
    last_online: z.date().nullable(),
    member_since: z.date(),
    days_since_joined: z.int(),
  },
  attributes: (user: User) => ({
    user_id: user.id,
    login_count: user.loginCount,
    last_login_at: user.lastLoginAt,
    last_online: user.lastOnline,
    member_since: user.createdAt,
    days_since_joined: Math.floor((Date.now() - user.createdAt.getTime()) / 86_400_000),
  }),
});

export const userQuery: QuerySpec = {
  filters: {
    id: { column: 'user.id', type: 'integer', ops: ['is', 'not', 'in'] },
    username: { column: 'user.username', type: 'string', ops: ['is', 'like', 'in'] },
    name: { column: 'user.name', type: 'string', ops: ['is', 'like'] },
    email: { column: 'user.email', type: 'string', ops: ['is', 'like'] },
    level: { column: 'user.level', type: 'string', ops: ['is', 'not', 'in'] },
    active: { column: 'user.active', type: 'boolean', ops: ['is'] },
    nidn: { column: 'user.nidn', type: 'string', ops: ['is', 'like', 'null'] },
    nim: { column: 'user.nim', type: 'string', ops: ['is', 'like', 'in', 'null'] },
    period_id: { column: 'user.period_id', type: 'integer', ops: ['is', 'in', 'null'] },
    last_online: { column: 'user.last_online', type: 'date', ops: ['gt', 'gte', 'lt', 'lte', 'null'] },
  },
  sorts: {
    id: 'user.id',
    name: 'user.name',
    username: 'user.username',
    last_online: 'user.last_online',
    created_at: 'user.created_at',
  },
  defaultSort: 'name',
};
