import { api, QUIET } from '../../api/baseApi';
import {
  attributesBody,
  deserializeList,
  deserializeOne,
  toSearchParams,
  type Document,
} from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves, cachedResults, silent, type ApiState } from '../../notifications/saved';
import { followChat } from './chatSocket';

/** Messages of a room read at a time: the newest page, then older ones on demand. */
export const CHAT_PAGE_SIZE = 30;

/** A member of a room as room creation sends it (spec 03 §3 "Message room"). */
export interface ChatUser {
  id: number | string;
  name: string;
  thumbnail: string | null;
  code: string;
  level: string;
}

/** One chat message (as the REST calls and the socket both give it). */
export interface ChatMessage {
  id: string;
  chat_id: number;
  user_id: number;
  user_name: string;
  user_thumbnail: string | null;
  message: string;
  reply_message_id: number | null;
  created_at: string;
}

/** A room of the caller's list: personal (two members) or a group; `name` is the reader's title of it. */
export interface Room {
  id: string;
  room_type: 'personal' | 'group';
  name: string;
  thumbnail: string | null;
  users: ChatUser[];
  /** The members who have not read its last message (spec 03 §5 counts the rooms naming the user). */
  unread: Array<number | string>;
  updatedAt: string;
  created_by: number;
  last_message: Pick<ChatMessage, 'user_id' | 'user_name' | 'message' | 'created_at'> | null;
}

/** A room opened: its newest messages, oldest first, and whether older ones remain. */
export interface RoomView {
  room: Room;
  messages: ChatMessage[];
  hasOlder: boolean;
}

/**
 * The socket's state (spec 03 §3 "socket connection flag"): connecting the first time, live, or
 * lost and trying again.
 */
export type SocketState = 'connecting' | 'live' | 'lost';

/** The caller's rooms, newest first, and the socket's state. */
export interface RoomList {
  rooms: Room[];
  socket: SocketState;
}

/** The one chat socket's state now (the list's `socket`, kept across its refetches). */
let socketState: SocketState = 'connecting';

interface AuthState {
  auth: { stored: { accessToken?: string } | null };
}

/** A member of a new room as the people picker sends it (the service reads only `id`). */
export type NewRoomUser = Omit<ChatUser, 'code'>;

/** A new room: personal with one other user, or a group with a name. */
export interface NewRoom {
  type: 'personal' | 'group';
  users: NewRoomUser[];
  name?: string;
}

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id);

/** Messages merged by id (a pushed page, a page of older ones), oldest first. */
export function mergeMessages(held: ChatMessage[], more: ChatMessage[]): ChatMessage[] {
  const merged = new Map(held.map((message) => [message.id, message]));
  for (const message of more) merged.set(String(message.id), { ...message, id: String(message.id) });
  return [...merged.values()].sort(byTime);
}

/** Whether the user is named in the room's unread list. */
export const isUnread = (room: Pick<Room, 'unread'>, userId: string | undefined) =>
  userId !== undefined && room.unread.some((id) => String(id) === userId);

/** Rooms read for the list: the newest this many (spec 03 §9 pages by 10; the list shows more). */
export const ROOMS_LIMIT = 50;

/** A room opened: the room, with its newest messages in `meta.messages` (a document of them). */
function toRoomView(document: Document): RoomView {
  const meta = document.meta as { messages?: Document; has_more?: boolean } | undefined;
  return {
    room: deserializeOne<Room>(document),
    messages: mergeMessages([], meta?.messages ? deserializeList<ChatMessage>(meta.messages) : []),
    hasOlder: Boolean(meta?.has_more),
  };
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['ChatRoom'] });
const ROOMS = { type: 'ChatRoom' as const, id: 'LIST' };
const UNREAD = { type: 'ChatRoom' as const, id: 'COUNT' };

/**
 * Chat rooms (spec 03 §7 "Messaging"). The socket's pushes patch the cached list and the open
 * room (`useChatLive`); the pages show failures beside what failed, so the calls are quiet.
 */
export const chatApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    chatRooms: build.query<RoomList, void>({
      extraOptions: QUIET,
      query: () => `message?${toSearchParams({ limit: ROOMS_LIMIT })}`,
      transformResponse: (document: Document) => ({
        rooms: deserializeList<Room>(document).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
        socket: socketState,
      }),
      providesTags: [ROOMS],
      /**
       * While the list is shown, the socket keeps it live (spec 03 §4): a room update changes that
       * room's unread list and time — unless it is the room open (the one whose messages are
       * cached: `room` keeps nothing unused) — and a messages update is merged into the open room.
       * The flag outlives a refetch of the list: there is one socket.
       */
      async onCacheEntryAdded(
        _arg,
        { cacheDataLoaded, cacheEntryRemoved, updateCachedData, dispatch, getState },
      ) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const close = followChat<ChatMessage>(
          () => (getState() as unknown as AuthState).auth.stored?.accessToken,
          {
            live: (now) => {
              socketState = now ? 'live' : 'lost';
              updateCachedData((list) => {
                list.socket = socketState;
              });
            },
            roomUpdate: ({ chatId, unread, updatedAt, last_message }) => {
              if (chatApi.endpoints.chatRoom.select(chatId)(getState()).data) return;
              let known = false;
              updateCachedData((list) => {
                const room = list.rooms.find((item) => item.id === chatId);
                if (!room) return;
                known = true;
                Object.assign(room, { unread, updatedAt, last_message });
                list.rooms.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
              });
              dispatch(chatApi.util.invalidateTags(known ? [UNREAD] : [ROOMS]));
            },
            messagesUpdate: ({ chatId, messages }) => {
              dispatch(
                chatApi.util.updateQueryData('chatRoom', chatId, (view) => {
                  view.messages = mergeMessages(view.messages, messages);
                }),
              );
            },
          },
        );
        await cacheEntryRemoved;
        close();
        socketState = 'connecting';
      },
    }),
    /** How many rooms hold a message the caller has not read (the header's badge). */
    unreadRooms: build.query<number, void>({
      extraOptions: QUIET,
      query: () => 'message/unread',
      transformResponse: (document: Document) =>
        deserializeOne<{ id: string; count: number }>(document).count,
      providesTags: [ROOMS, UNREAD],
    }),
    /** Opens a room: its newest messages (reading them marks the room read). */
    chatRoom: build.query<RoomView, string>({
      extraOptions: QUIET,
      query: (id) => `message/${encodeURIComponent(id)}`,
      transformResponse: toRoomView,
      providesTags: (_r, _e, id) => [{ type: 'ChatRoom', id }],
      keepUnusedDataFor: 0,
      /** Opening a room marks it read: the list and the count follow. */
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        if (
          await queryFulfilled.then(
            () => true,
            () => false,
          )
        )
          dispatch(chatApi.util.invalidateTags([ROOMS]));
      },
    }),
    /** Older messages of a room, before the oldest one shown. */
    olderMessages: build.query<
      { messages: ChatMessage[]; hasOlder: boolean },
      { id: string; before: string }
    >({
      extraOptions: QUIET,
      query: ({ id, before }) =>
        `message/${encodeURIComponent(id)}/messages?${new URLSearchParams({
          before,
          limit: String(CHAT_PAGE_SIZE),
        }).toString()}`,
      transformResponse: (document: Document) => ({
        messages: deserializeList<ChatMessage>(document),
        hasOlder: Boolean(document.meta?.has_more),
      }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          chatApi.util.updateQueryData('chatRoom', id, (view) => {
            view.messages = mergeMessages(view.messages, data.messages);
            view.hasOlder = data.hasOlder;
          }),
        );
      },
      keepUnusedDataFor: 0,
    }),
    sendChatMessage: build.mutation<ChatMessage, { chatId: string; message: string; replyTo?: string }>({
      extraOptions: QUIET,
      query: ({ chatId, message, replyTo }) => ({
        url: 'message/message',
        method: 'POST',
        body: attributesBody({
          chatId: Number(chatId),
          message,
          ...(replyTo ? { reply_message_id: Number(replyTo) } : {}),
        }),
      }),
      transformResponse: (document: Document) => deserializeOne<ChatMessage>(document),
      async onQueryStarted({ chatId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          chatApi.util.updateQueryData('chatRoom', chatId, (view) => {
            view.messages = mergeMessages(view.messages, [data]);
          }),
        );
      },
    }),
    createChatRoom: build.mutation<Room, NewRoom>({
      extraOptions: QUIET,
      query: ({ type, users, name }) => ({
        url: 'message',
        method: 'POST',
        body: attributesBody({ type, users, ...(type === 'group' ? { name, thumbnail: null } : {}) }),
      }),
      transformResponse: (document: Document) => deserializeOne<Room>(document),
      invalidatesTags: [ROOMS],
    }),
    deleteChatRoom: build.mutation<void, string>({
      extraOptions: QUIET,
      query: (id) => ({ url: `message/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [ROOMS],
    }),
  }),
});

/** A room's name as the cache held it before a save. */
function cachedRoomName(before: ApiState, id: string): string {
  const room = cachedResults(before, chatApi.endpoints.chatRooms)
    .flatMap((list) => list.rooms)
    .find((item) => item.id === id);
  return room?.name ?? '';
}

announceSaves(chatApi, {
  sendChatMessage: silent('the message appears in the conversation; a toast each time would be noise'),
  createChatRoom: ({ result }) => i18n.t('messaging.saved.roomCreated', { name: result.name }),
  deleteChatRoom: ({ arg, before }) =>
    i18n.t('messaging.saved.roomDeleted', { name: cachedRoomName(before, arg) }),
});

export const {
  useChatRoomsQuery,
  useUnreadRoomsQuery,
  useChatRoomQuery,
  useLazyOlderMessagesQuery,
  useSendChatMessageMutation,
  useCreateChatRoomMutation,
  useDeleteChatRoomMutation,
} = chatApi;
