import { api, QUIET } from '../../api/baseApi';
import { deserializePage, toSearchParams, type Document, type Page } from '../../api/jsonapi';
import i18n from '../../i18n/i18n';
import { formatDateTime } from '../../lib/dates';
import { announceSaves, silent } from '../../notifications/saved';

/** Notifications a page; the bell shows the newest few. */
export const ALERTS_PAGE_SIZE = 10;
export const BELL_SIZE = 5;
/** The bell asks again this often (the notification service has no socket). */
export const BELL_POLL_MS = 60_000;

/**
 * A notification (spec 03 §3 "Notification": type, objectId, isRead 0 or 1), made by the
 * messaging service from another service's event: `link` is the web route of the screen it opens
 * and `data` what its sentence is made of (course, name, subject, score). Its `type` attribute
 * reads as `notifications_type` (jsonapi.ts).
 */
export interface Alert {
  id: string;
  notifications_type: string;
  objectId: number;
  isRead: 0 | 1;
  course_id: number | null;
  link: string;
  data: Record<string, unknown>;
  created_at: string;
}

export interface AlertPage extends Page<Alert> {
  unread: number;
}

/** The notification types the interface has a sentence for (any other reads as `OTHER`). */
export const ALERT_TYPES = [
  'CONTENT',
  'ENROLMENT',
  'EXAM',
  'EXAM_START',
  'TASK_SCORED',
  'TASK_CHANGE_REQUESTED',
  'PRESENCE',
  'MENTION',
  'COURSE_REQUEST',
  'ANNOUNCEMENT',
  'COURSE_MESSAGE',
  'MESSAGE',
  'CARD_ASSIGNED',
  'CARD_DUE',
] as const;

/** The sentence of a notification in the interface language. */
export function alertText(alert: Alert): string {
  const type = (ALERT_TYPES as readonly string[]).includes(alert.notifications_type)
    ? alert.notifications_type
    : 'OTHER';
  const data = alert.data ?? {};
  const text = (key: string, fallback = '') =>
    typeof data[key] === 'string' || typeof data[key] === 'number' ? String(data[key]) : fallback;
  return i18n.t(`messaging.alerts.types.${type}`, {
    course: text('course', i18n.t('messaging.alerts.yourCourse')),
    name: text('name'),
    subject: text('subject'),
    score: text('score'),
    title: text('title'),
    sender: text('sender', i18n.t('messaging.alerts.someone')),
    card: text('card'),
    project: text('project'),
    // a card's due date: the campus's wall clock, as every date of the interface
    due: formatDateTime(text('due'), i18n.language) ?? i18n.t('messaging.alerts.soon'),
  });
}

const withTags = api.enhanceEndpoints({ addTagTypes: ['Alert'] });
const ALERTS = { type: 'Alert' as const, id: 'LIST' };

/** The caller's notifications (spec 03 §7 "Notifications"). */
export const alertsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    alerts: build.query<AlertPage, { userId: string; limit: number; offset: number }>({
      extraOptions: QUIET,
      query: ({ userId, limit, offset }) =>
        `notifications/${encodeURIComponent(userId)}?${toSearchParams({ limit, offset })}`,
      transformResponse: (document: Document) => ({
        ...deserializePage<Alert>(document),
        unread: Number(document.meta?.unread ?? 0),
      }),
      providesTags: [ALERTS],
    }),
    /** Every notification read (`PATCH /notifications`). */
    readAllAlerts: build.mutation<void, void>({
      extraOptions: QUIET,
      query: () => ({ url: 'notifications', method: 'PATCH' }),
      invalidatesTags: [ALERTS],
    }),
    /** The notifications of one type, narrowed to one object (`PATCH /notifications?type=&objectId=`). */
    readAlerts: build.mutation<void, { type: string; objectId: string | number }>({
      extraOptions: QUIET,
      query: ({ type, objectId }) => ({
        url: `notifications?${new URLSearchParams({ type, objectId: String(objectId) }).toString()}`,
        method: 'PATCH',
      }),
      invalidatesTags: [ALERTS],
    }),
  }),
});

announceSaves(alertsApi, {
  readAllAlerts: () => i18n.t('messaging.saved.allRead'),
  readAlerts: silent('opening a notification or a chat room reads it; the list shows it read'),
});

export const { useAlertsQuery, useReadAllAlertsMutation, useReadAlertsMutation } = alertsApi;
