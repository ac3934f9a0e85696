import { api } from '../../api/baseApi';
import { deserializeOne, type Document } from '../../api/jsonapi';
import { announceSaves, silent } from '../../notifications/saved';
import type { ResourceOf } from '../../api/types';

const SETTINGS = 'v2/notification/notifications/settings';

export type NotificationSettings = ResourceOf<'/api/v2/notification/notifications/settings'>;

/** A browser's Web Push subscription as the server takes it (`PushSubscription.toJSON()`). */
export interface PushToken {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

/**
 * Browser push and the mail digest (messaging service, spec 01 §7): the caller's choices with
 * the key a browser subscribes with, changing them, and registering or forgetting a browser.
 */
export const pushApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushSettings: build.query<NotificationSettings, void>({
      query: () => SETTINGS,
      transformResponse: (document: Document) => deserializeOne<NotificationSettings>(document),
    }),
    changePushSettings: build.mutation<NotificationSettings, { push?: boolean; mail?: boolean }>({
      query: (attributes) => ({ url: SETTINGS, method: 'PATCH', body: { data: { attributes } } }),
      transformResponse: (document: Document) => deserializeOne<NotificationSettings>(document),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(pushApi.util.upsertQueryData('pushSettings', undefined, data));
      },
    }),
    pushToken: build.mutation<null, { action: 'update' | 'delete'; token: PushToken }>({
      query: ({ action, token }) => ({
        url: 'v2/notification/notifications/tokens',
        method: 'POST',
        body: { data: { action, platform: 'web', token } },
      }),
      transformResponse: () => null,
    }),
  }),
});

announceSaves(pushApi, {
  changePushSettings: silent('the push settings say in their status line whether push is on or off'),
  pushToken: silent('registering a browser is part of turning push on, which the status line says'),
});

export const { usePushSettingsQuery, useChangePushSettingsMutation, usePushTokenMutation } = pushApi;
