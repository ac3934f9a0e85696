import { api, QUIET } from '../api/baseApi';
import { deserializeOne, type Document, type Flat } from '../api/jsonapi';
import type { TokenReply } from './authSlice';

export type Role = 'admin' | 'lptk' | 'lecturer' | 'student';

/** User info of spec 01 §3 (name → fullname, thumbnail → avatar, level → role). */
export interface UserInfo {
  id: string;
  username: string;
  fullname: string;
  email: string | null;
  avatar: string | null;
  role: Role;
  active: boolean;
  universityName: string | null;
  universityId: number | null;
  lastOnline: string | null;
  nidn: string | null;
  nim: string | null;
  lecturerId: number | null;
  studentId: number | null;
  studentIds: number[];
  periodId: number | null;
  notificationEmail: string | null;
  lptkId: number | null;
}

export function toUserInfo(user: Flat): UserInfo {
  const text = (key: string) => (user[key] as string | null | undefined) ?? null;
  const number = (key: string) => (user[key] as number | null | undefined) ?? null;
  return {
    id: user.id,
    username: String(user.username ?? ''),
    fullname: String(user.name ?? user.username ?? ''),
    email: text('email'),
    avatar: text('thumbnail'),
    role: user.level as Role,
    active: user.active !== false,
    universityName: text('university_name'),
    universityId: number('university_id'),
    lastOnline: text('last_online'),
    nidn: text('nidn'),
    nim: text('nim'),
    lecturerId: number('lecturer_id'),
    studentId: number('student_id'),
    studentIds: (user.student_ids as number[] | undefined) ?? [],
    periodId: number('period_id'),
    notificationEmail: text('notification_email'),
    lptkId: number('lptk_id'),
  };
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenReply, { username: string; password: string }>({
      extraOptions: QUIET,
      query: (body) => ({ url: 'user/auth/login', method: 'POST', body }),
      transformResponse: (document: Document) => deserializeOne<TokenReply & { id: string }>(document),
    }),
    logout: build.mutation<void, { refresh_token: string }>({
      extraOptions: QUIET,
      query: (body) => ({ url: 'user/auth/logout', method: 'POST', body }),
    }),
    me: build.query<UserInfo, void>({
      extraOptions: QUIET,
      query: () => 'login/me',
      transformResponse: (document: Document) => toUserInfo(deserializeOne(document)),
      providesTags: ['Me'],
    }),
    /** Presence ping: the user's lastOnline. Failures are ignored (spec 01 §8). */
    online: build.mutation<void, void>({
      extraOptions: QUIET,
      query: () => ({ url: 'course/online', method: 'POST', body: {} }),
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useMeQuery, useOnlineMutation } = authApi;
