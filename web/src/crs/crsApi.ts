import { api, QUIET } from '../api/baseApi';
import {
  attributesBody,
  deserializeOne,
  deserializePage,
  toSearchParams,
  type Document,
  type Page,
} from '../api/jsonapi';
import i18n from '../i18n/i18n';
import { announceSaves, cachedResults } from '../notifications/saved';
import type { ChatMessage, H5pResult, Room, RoomWrite, Vote } from './crsTypes';

/** Rooms of a course a page, and votes of a room a page (spec 03 §9: lists of 10). */
export const CRS_PAGE_SIZE = 10;
/** Chat messages read at a time: the latest when the room opens, then earlier ones on demand. */
export const CHAT_PAGE_SIZE = 30;

const withTags = api.enhanceEndpoints({ addTagTypes: ['Crs', 'CrsVote'] });
const ROOM_LIST = { type: 'Crs' as const, id: 'LIST' };
const roomTag = (id: string) => ({ type: 'Crs' as const, id });

/**
 * The live classroom's HTTP calls (spec 03 §7 "Live classroom"): rooms, their chat history and
 * votes, the interactive-content results. What happens live goes over the socket (`crsSocket.ts`).
 * The screens show each failure beside what failed, so the calls are quiet.
 */
export const crsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    rooms: build.query<Page<Room>, { courseId: string; offset: number }>({
      extraOptions: QUIET,
      query: ({ courseId, offset }) =>
        `crs/crs?${toSearchParams({
          filter: { course_id: { is: courseId } },
          sort: '-start_at',
          limit: CRS_PAGE_SIZE,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<Room>(document),
      providesTags: (result) => [ROOM_LIST, ...(result?.items ?? []).map((room) => roomTag(room.id))],
    }),
    room: build.query<Room, string>({
      extraOptions: QUIET,
      query: (id) => `crs/crs/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<Room>(document),
      providesTags: (_r, _e, id) => [roomTag(id)],
    }),
    createRoom: build.mutation<Room, RoomWrite>({
      extraOptions: QUIET,
      query: (write) => ({ url: 'crs/crs', method: 'POST', body: attributesBody({ ...write }) }),
      transformResponse: (document: Document) => deserializeOne<Room>(document),
      invalidatesTags: [ROOM_LIST],
    }),
    updateRoom: build.mutation<Room, { id: string; write: RoomWrite }>({
      extraOptions: QUIET,
      query: ({ id, write }) => ({
        url: `crs/crs/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: attributesBody({ ...write }),
      }),
      transformResponse: (document: Document) => deserializeOne<Room>(document),
      invalidatesTags: (_r, _e, { id }) => [roomTag(id), ROOM_LIST],
    }),
    deleteRoom: build.mutation<void, { id: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `crs/crs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [ROOM_LIST],
    }),
    /** The room's chat, newest first: `offset` messages back from the latest. */
    chatHistory: build.query<Page<ChatMessage>, { roomId: string; offset: number }>({
      extraOptions: QUIET,
      query: ({ roomId, offset }) =>
        `crs/crs/${encodeURIComponent(roomId)}/messages?${toSearchParams({ limit: CHAT_PAGE_SIZE, offset })}`,
      transformResponse: (document: Document) => deserializePage<ChatMessage>(document),
    }),
    /** The room's votes, newest first, with the counts of each answer and the reader's own. */
    votes: build.query<Page<Vote>, { roomId: string; offset: number }>({
      extraOptions: QUIET,
      query: ({ roomId, offset }) =>
        `crs/vote?roomId=${encodeURIComponent(roomId)}&${toSearchParams({ limit: CRS_PAGE_SIZE, offset })}`,
      transformResponse: (document: Document) => deserializePage<Vote>(document),
      providesTags: (_r, _e, { roomId }) => [{ type: 'CrsVote', id: roomId }],
    }),
    /** Per interactive content of the room: attempts, highest, lowest and average score. */
    h5pResults: build.query<H5pResult[], string>({
      extraOptions: QUIET,
      query: (id) => `public/crs/result/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializePage<H5pResult>(document).items,
    }),
  }),
});

/** A room's title as the cache held it before a save. */
function roomTitle(before: Parameters<typeof cachedResults>[0], id: string): string {
  return (
    [
      ...cachedResults(before, crsApi.endpoints.room),
      ...cachedResults(before, crsApi.endpoints.rooms).flatMap((page) => page.items),
    ].find((room) => room.id === id)?.title ?? ''
  );
}

announceSaves(crsApi, {
  createRoom: ({ result }) => i18n.t('crs.saved.created', { title: result.title }),
  updateRoom: ({ result }) => i18n.t('crs.saved.updated', { title: result.title }),
  deleteRoom: ({ arg, before }) => i18n.t('crs.saved.deleted', { title: roomTitle(before, arg.id) }),
});

export const {
  useRoomsQuery,
  useRoomQuery,
  useCreateRoomMutation,
  useUpdateRoomMutation,
  useDeleteRoomMutation,
  useChatHistoryQuery,
  useVotesQuery,
  useH5pResultsQuery,
} = crsApi;
