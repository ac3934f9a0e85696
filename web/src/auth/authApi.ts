import { api, QUIET } from '../api/baseApi';
import { announceSaves, silent } from '../notifications/saved';
import { attributesBody, deserializeOne, type Document } from '../api/jsonapi';
import type { ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import type { TokenReply } from './authSlice';

/** The signed-in user as the API answers (`GET /login/me`). */
export type User = ResourceOf<'/api/login/me'>;

export type Role = User['level'];

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
  /** The interface language and theme the user chose on their account (null: none yet). */
  language: NonNullable<User['language']> | null;
  theme: NonNullable<User['theme']> | null;
}

/**
 * A change of the signed-in user's own profile (`PATCH /course/users/:id`): the interface language
 * and theme they chose (null forgets one), their notification e-mail (null: the account's e-mail),
 * or `thumbnail: null` to remove their picture (a new one is uploaded: `AvatarEditor`).
 */
export interface ProfileChange {
  id: string;
  language?: NonNullable<User['language']> | null;
  theme?: NonNullable<User['theme']> | null;
  notification_email?: string | null;
  thumbnail?: null;
}

/**
 * The user as the client keeps it. `GET /login/me` answers the caller themselves, so every field
 * is sent; those the API leaves out for other readers default to empty.
 */
export function toUserInfo(user: User): UserInfo {
  return {
    id: user.id,
    username: user.username ?? '',
    fullname: user.name || user.username || '',
    email: user.email ?? null,
    avatar: user.thumbnail,
    role: user.level,
    active: user.active !== false,
    universityName: user.university_name,
    universityId: user.university_id,
    lastOnline: user.last_online ?? null,
    nidn: user.nidn ?? null,
    nim: user.nim ?? null,
    lecturerId: user.lecturer_id,
    studentId: user.student_id,
    studentIds: user.student_ids,
    periodId: user.period_id ?? null,
    notificationEmail: user.notification_email ?? null,
    lptkId: user.lptk_id,
    language: user.language ?? null,
    theme: user.theme ?? null,
  };
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenReply, { username: string; password: string }>({
      extraOptions: QUIET,
      query: (body) => ({ url: 'user/auth/login', method: 'POST', body }),
      transformResponse: (document: Document) => deserializeOne<TokenReply & { id: string }>(document),
    }),
    /** Starts a sign-in at the campus's identity provider: where to send the browser, and its state. */
    ssoAuthorize: build.mutation<{ authorization_url: string; state: string }, { prompt?: 'select_account' }>(
      {
        extraOptions: QUIET,
        query: (body) => ({ url: 'sso/authorize', method: 'POST', body }),
        transformResponse: (document: Document) =>
          deserializeOne<{ id: string; authorization_url: string; state: string }>(document),
      },
    ),
    /** Finishes a sign-in the provider answered (`/callback`): our own tokens, as `login` answers. */
    ssoCallback: build.mutation<TokenReply, { code: string; state: string }>({
      extraOptions: QUIET,
      query: (body) => ({ url: 'sso/callback', method: 'POST', body }),
      transformResponse: (document: Document) => deserializeOne<TokenReply & { id: string }>(document),
    }),
    /**
     * Ends the session: nothing (204), or for a session the campus's identity provider opened, the
     * provider's logout address to send the browser to, so the person is signed out there too.
     */
    logout: build.mutation<{ logout_url: string } | null, { refresh_token: string }>({
      extraOptions: QUIET,
      query: (body) => ({ url: 'user/auth/logout', method: 'POST', body }),
      transformResponse: (document: Document | null) =>
        document ? deserializeOne<{ id: string; logout_url: string }>(document) : null,
    }),
    me: build.query<UserInfo, void>({
      extraOptions: QUIET,
      query: () => 'login/me',
      transformResponse: (document: Document) => toUserInfo(deserializeOne<User>(document)),
      providesTags: ['Me'],
    }),
    /** Changes the user's own profile (`ProfileChange`); the answer is their user info. */
    saveProfile: build.mutation<UserInfo, ProfileChange>({
      query: ({ id, ...changes }) => ({
        url: `course/users/${id}`,
        method: 'PATCH',
        body: attributesBody(changes),
      }),
      transformResponse: (document: Document) => toUserInfo(deserializeOne<User>(document)),
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(authApi.util.updateQueryData('me', undefined, () => data));
      },
    }),
    /** Presence ping: the user's lastOnline. Failures are ignored (spec 01 §8). */
    online: build.mutation<void, void>({
      extraOptions: QUIET,
      query: () => ({ url: 'course/online', method: 'POST', body: {} }),
    }),
  }),
});

announceSaves(authApi, {
  login: silent('signing in moves on to the signed-in page, which is its confirmation'),
  logout: silent('signing out shows the sign-in page, which is its confirmation'),
  ssoAuthorize: silent('the browser moves on to the identity provider at once'),
  ssoCallback: silent('signing in moves on to the signed-in page, which is its confirmation'),
  online: silent('a presence ping in the background, not something the user did'),
  saveProfile: ({ arg }) =>
    i18n.t(
      arg.thumbnail === null
        ? 'saved.avatarRemoved'
        : arg.notification_email !== undefined
          ? 'saved.profile'
          : 'saved.preferences',
    ),
});

export const { useLoginMutation, useLogoutMutation, useMeQuery, useOnlineMutation, useSaveProfileMutation } =
  authApi;
