import { api, QUIET } from '../../api/baseApi';
import { deserializeOne, deserializePage, toSearchParams, type Document, type Page } from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { announceSaves } from '../../notifications/saved';
import type { DownloadableFile } from '../../layout/FileDownloads';

/** Course messages a page (spec 03 §9: message list 10, offset from 0). */
export const MESSAGES_PAGE_SIZE = 10;

/** A person a message names (`include=sender,receiver`). */
export interface MessagePerson {
  id: string;
  name: string;
  thumbnail: string | null;
  level: string;
}

/** A course message (spec 03 §3 "Course message": receiver, subject, message, attachments). */
export interface CourseMessage {
  id: string;
  course_id: number;
  sender_id: number;
  receiver_id: number;
  sender?: MessagePerson | null;
  receiver?: MessagePerson | null;
  subject: string;
  message: string;
  attachments: DownloadableFile[];
  is_read: boolean;
  read_at: string | null;
  created_at: string;
}

/** Whether a course's students may write to one another (its staff decide). */
export interface MessageSetting {
  id: string;
  course_id: number;
  students_may_message_classmates: boolean;
}

/** What a message reads and includes. */
const PEOPLE = ['sender', 'receiver'];

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

/** Someone the caller may write to (`GET /course/messages/recipients`); `level`: their platform role. */
export interface MessageRecipient {
  id: string;
  name: string;
  thumbnail: string | null;
  code: string;
  level: string;
}

/** How many recipients the form's picker lists at once (the search narrows the rest). */
export const RECIPIENTS_SHOWN = 20;

/**
 * The body of `POST /course/messages`: its attributes as fields (no course: the service takes the
 * first the two share), and each chosen file as a `file` part.
 */
export function messageForm({ files, receiver_name: _name, ...attributes }: NewMessage): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(attributes)) if (value !== '') form.append(name, value);
  for (const file of files) form.append('file', file, file.name);
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
          include: PEOPLE,
          limit: MESSAGES_PAGE_SIZE,
          offset,
        })}`,
      transformResponse: (document: Document) => deserializePage<CourseMessage>(document),
      providesTags: [MESSAGES],
    }),
    courseMessage: build.query<CourseMessage, string>({
      extraOptions: QUIET,
      query: (id) => `course/messages/${encodeURIComponent(id)}?${toSearchParams({ include: PEOPLE })}`,
      transformResponse: (document: Document) => deserializeOne<CourseMessage>(document),
      providesTags: (_r, _e, id) => [{ type: 'CourseMessage', id }],
    }),
    /** Whom the caller may write to, by name, optionally through one course (`id`: that one person). */
    messageRecipients: build.query<
      Page<MessageRecipient>,
      { name: string; courseId: string; id?: string; limit: number }
    >({
      extraOptions: QUIET,
      query: ({ name, courseId, id, limit }) =>
        `course/messages/recipients?${toSearchParams({
          filter: {
            ...(name ? { name: { like: name } } : {}),
            ...(courseId ? { course_id: { is: courseId } } : {}),
            ...(id ? { id: { is: id } } : {}),
          },
          limit,
        })}`,
      transformResponse: (document: Document) => deserializePage<MessageRecipient>(document),
    }),
    messageSetting: build.query<MessageSetting, string>({
      extraOptions: QUIET,
      query: (courseId) => `course/messages/settings/${encodeURIComponent(courseId)}`,
      transformResponse: (document: Document) => deserializeOne<MessageSetting>(document),
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
  useMessageRecipientsQuery,
  useMessageSettingQuery,
  useSendCourseMessageMutation,
  useDeleteCourseMessageMutation,
  useLazyMessageFileQuery,
} = messagesApi;
