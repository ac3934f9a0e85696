import { api, QUIET } from '../../api/baseApi';
import {
  deserializeOne,
  deserializePage,
  deserializeList,
  toSearchParams,
  type Document,
  type Page,
} from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves } from '../../notifications/saved';
import type { DownloadableFile } from '../../layout/FileDownloads';

/** Course messages a page (spec 03 §9: message list 10, offset from 0). */
export const MESSAGES_PAGE_SIZE = 10;

/**
 * A course message (spec 03 §3 "Course message": receiver, subject, message, attachments), with
 * the names the inbox shows.
 */
export interface CourseMessage {
  id: string;
  course_id: number | string | null;
  course_name: string | null;
  sender_id: number | string;
  sender_name: string;
  receiver_id: number | string;
  receiver_name: string;
  subject: string;
  message: string;
  attachments: DownloadableFile[];
  read_at: string | null;
  created_at: string;
}

/** Someone the caller may write to: the staff of their courses, classmates where the course allows. */
export interface Recipient {
  id: string;
  name: string;
  code: string;
  role: 'lecturer' | 'assistant' | 'student';
  course_id: number | string;
  course_name: string;
}

/** Which messages: those received or those sent, a page of ten. */
export interface MessagesArgs {
  box: 'inbox' | 'sent';
  userId: string;
  offset: number;
}

/** A new message: the files go up with it (multipart), through the service's storage. */
export interface NewMessage {
  receiver_id: string;
  receiver_name: string;
  course_id: string;
  subject: string;
  message: string;
  files: File[];
}

/** The body of `POST /course/messages`: its attributes, and each chosen file as `attachments`. */
export function messageForm({ files, receiver_name: _name, ...attributes }: NewMessage): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(attributes)) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  return form;
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['CourseMessage'] });
const MESSAGES = { type: 'CourseMessage' as const, id: 'LIST' };

/** Course messages (spec 03 §7 "Messaging"); each page shows its failures itself, so all are quiet. */
export const messagesApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    courseMessages: build.query<Page<CourseMessage>, MessagesArgs>({
      extraOptions: QUIET,
      query: ({ box, userId, offset }) =>
        `course/messages?${toSearchParams({
          filter: { [box === 'inbox' ? 'receiver_id' : 'sender_id']: { is: userId } },
          sort: '-created_at',
          limit: MESSAGES_PAGE_SIZE,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<CourseMessage>(document),
      providesTags: [MESSAGES],
    }),
    courseMessage: build.query<CourseMessage, string>({
      extraOptions: QUIET,
      query: (id) => `course/messages/${encodeURIComponent(id)}`,
      transformResponse: (document: Document) => deserializeOne<CourseMessage>(document),
      providesTags: (_r, _e, id) => [{ type: 'CourseMessage', id }],
    }),
    recipients: build.query<Recipient[], void>({
      extraOptions: QUIET,
      query: () => 'course/messages/recipients',
      transformResponse: (document: Document) => deserializeList<Recipient>(document),
    }),
    sendCourseMessage: build.mutation<CourseMessage, NewMessage>({
      extraOptions: QUIET,
      query: (message) => ({ url: 'course/messages', method: 'POST', body: messageForm(message) }),
      transformResponse: (document: Document) => deserializeOne<CourseMessage>(document),
      invalidatesTags: [MESSAGES],
    }),
    deleteCourseMessage: build.mutation<void, { id: string; subject: string }>({
      extraOptions: QUIET,
      query: ({ id }) => ({ url: `course/messages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [MESSAGES],
    }),
    /** One attachment, read with the session (`course/messages/{id}/files/{key}`). */
    messageFile: build.query<Blob, { id: string; key: string }>({
      extraOptions: QUIET,
      query: ({ id, key }) => ({
        url: `course/messages/${encodeURIComponent(id)}/files/${encodeURIComponent(key.split('/').pop() ?? key)}`,
        responseHandler: (response) => response.blob(),
        cache: 'no-store',
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

announceSaves(messagesApi, {
  sendCourseMessage: ({ arg }) => i18n.t('messaging.saved.messageSent', { name: arg.receiver_name }),
  deleteCourseMessage: ({ arg }) => i18n.t('messaging.saved.messageDeleted', { subject: arg.subject }),
});

export const {
  useCourseMessagesQuery,
  useCourseMessageQuery,
  useRecipientsQuery,
  useSendCourseMessageMutation,
  useDeleteCourseMessageMutation,
  useLazyMessageFileQuery,
} = messagesApi;
