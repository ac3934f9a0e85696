import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type ListQuery,
  type Page,
} from '../api/jsonapi';
import type { RequestAttributes, ResourceOf } from '../api/types';
import i18n from '../i18n/i18n';
import { announceSaves } from '../notifications/saved';

/** A discussion thread as the course service answers it (spec 02 §3). */
export type Thread = ResourceOf<'/api/course/threads/{id}'>;
/** A reply to a thread or to another reply (spec 03 §3), at most three levels deep. */
export type Reply = ResourceOf<'/api/course/thread/replies/{id}'>;
export type ReplyFile = Reply['files'][number];
export type ThreadChanges = RequestAttributes<'/api/course/threads/{id}', 'patch'>;

/** How deep replies nest: a reply at this depth offers no "Reply". */
export const MAX_REPLY_DEPTH = 3;

const threadTag = (id: string) => ({ type: 'Thread' as const, id });
const repliesOf = (threadId: string) => ({ type: 'ThreadReply' as const, id: `thread/${threadId}` });
const THREAD_LIST = { type: 'Thread' as const, id: 'LIST' };

/** The threads of one activity: pinned first, then the latest activity. */
export const activityThreads = (activityId: string, limit = 20, offset = 0): ListQuery => ({
  filter: { activity_id: { is: activityId } },
  limit,
  offset,
});

const withTags = api.enhanceEndpoints({ addTagTypes: ['Thread', 'ThreadReply'] });
const thread = (id: string) => `course/threads/${encodeURIComponent(id)}`;

/**
 * Discussions (issue 15; spec 02 §7 "Discussion threads", spec 03 §7 "Discussion replies"): the
 * threads of activities and courses, the course's introduction thread, replies, moderation and the
 * export. A reply is posted with its files by `replyUpload.ts` (XMLHttpRequest, for its progress).
 */
export const discussionsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    threads: build.query<Page<Thread>, ListQuery>({
      extraOptions: QUIET,
      query: (query) => `course/threads?${toSearchParams(query)}`,
      transformResponse: (document: Document) => deserializePage<Thread>(document),
      providesTags: (result) => [THREAD_LIST, ...(result?.items ?? []).map((item) => threadTag(item.id))],
    }),
    thread: build.query<Thread, string>({
      extraOptions: QUIET,
      query: (id) => thread(id),
      transformResponse: (document: Document) => deserializeOne<Thread>(document),
      providesTags: (_r, _e, id) => [threadTag(id)],
    }),
    introduction: build.query<Thread, string>({
      extraOptions: QUIET,
      query: (courseId) => `course/threads/introduction/${encodeURIComponent(courseId)}`,
      transformResponse: (document: Document) => deserializeOne<Thread>(document),
      providesTags: (result) => (result ? [threadTag(result.id)] : []),
    }),
    createThread: build.mutation<Thread, { activity_id: number; title: string; body: string }>({
      extraOptions: QUIET,
      query: (attributes) => ({ url: 'course/threads', method: 'POST', body: attributesBody(attributes) }),
      transformResponse: (document: Document) => deserializeOne<Thread>(document),
      invalidatesTags: [THREAD_LIST],
    }),
    updateThread: build.mutation<Thread, { id: string; changes: ThreadChanges }>({
      extraOptions: QUIET,
      query: ({ id, changes }) => ({ url: thread(id), method: 'PATCH', body: attributesBody(changes) }),
      transformResponse: (document: Document) => deserializeOne<Thread>(document),
      invalidatesTags: (_r, _e, { id }) => [threadTag(id), THREAD_LIST],
    }),
    deleteThread: build.mutation<void, { id: string; title: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: thread(id), method: 'DELETE' }),
      invalidatesTags: [THREAD_LIST],
    }),
    /** Every reply of a thread, oldest first (the page builds the tree). */
    replies: build.query<Reply[], string>({
      extraOptions: QUIET,
      query: (threadId) =>
        `course/thread/replies?${toSearchParams({ filter: { thread_id: { is: threadId } }, sort: 'created_at', limit: 0 })}`,
      transformResponse: (document: Document) => deserializeList<Reply>(document),
      providesTags: (_r, _e, threadId) => [repliesOf(threadId)],
    }),
    updateReply: build.mutation<Reply, { id: string; threadId: string; reply?: string; is_hidden?: boolean }>(
      {
        extraOptions: QUIET,
        query: ({ id, reply, is_hidden }) => ({
          url: `course/thread/replies/${encodeURIComponent(id)}`,
          method: 'PATCH',
          body: attributesBody({ reply, is_hidden }),
        }),
        transformResponse: (document: Document) => deserializeOne<Reply>(document),
        invalidatesTags: (_r, _e, { threadId }) => [repliesOf(threadId)],
      },
    ),
    deleteReply: build.mutation<void, { id: string; threadId: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/thread/replies/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { threadId }) => [repliesOf(threadId), threadTag(threadId), THREAD_LIST],
    }),
    /** A file of a reply, or the thread's workbook, as a blob read with the session. */
    discussionBlob: build.query<Blob, string>({
      extraOptions: QUIET,
      query: (url) => ({ url, responseHandler: (response) => response.blob(), cache: 'no-store' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** After a reply was posted (outside RTK Query): the thread's replies, counts and lists are stale. */
export const replyPosted = (threadId: string) =>
  discussionsApi.util.invalidateTags([repliesOf(threadId), threadTag(threadId), THREAD_LIST]);

announceSaves(discussionsApi, {
  createThread: ({ result }) => i18n.t('discussion.saved.threadCreated', { title: result.title }),
  updateThread: ({ arg, result }) =>
    i18n.t(
      arg.changes.is_locked !== undefined
        ? arg.changes.is_locked
          ? 'discussion.saved.threadLocked'
          : 'discussion.saved.threadUnlocked'
        : arg.changes.is_pinned !== undefined
          ? arg.changes.is_pinned
            ? 'discussion.saved.threadPinned'
            : 'discussion.saved.threadUnpinned'
          : arg.changes.is_hidden !== undefined
            ? arg.changes.is_hidden
              ? 'discussion.saved.threadHidden'
              : 'discussion.saved.threadShown'
            : 'discussion.saved.threadUpdated',
      { title: result.title },
    ),
  deleteThread: ({ arg }) => i18n.t('discussion.saved.threadDeleted', { title: arg.title }),
  updateReply: ({ arg }) =>
    i18n.t(
      arg.is_hidden === undefined
        ? 'discussion.saved.replyUpdated'
        : arg.is_hidden
          ? 'discussion.saved.replyHidden'
          : 'discussion.saved.replyShown',
    ),
  deleteReply: () => i18n.t('discussion.saved.replyDeleted'),
});

export const {
  useThreadsQuery,
  useThreadQuery,
  useIntroductionQuery,
  useLazyIntroductionQuery,
  useCreateThreadMutation,
  useUpdateThreadMutation,
  useDeleteThreadMutation,
  useRepliesQuery,
  useUpdateReplyMutation,
  useDeleteReplyMutation,
  useLazyDiscussionBlobQuery,
} = discussionsApi;
