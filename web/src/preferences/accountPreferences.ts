/**
 * The interface choices between this browser, the account and the campus (docs/web-client.md,
 * "Languages and dates"): the account's choices are applied whenever the signed-in user is read,
 * a choice made while signed in is saved to the account, and the campus's default language comes
 * with its site info.
 */
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { authApi } from '../auth/authApi';
import { siteApi } from '../site/siteApi';
import {
  accountPreferencesLoaded,
  campusLanguageLoaded,
  languageChanged,
  themeChanged,
  type PreferencesState,
} from './preferencesSlice';

type State = Parameters<ReturnType<typeof authApi.endpoints.me.select>>[0] & {
  preferences: PreferencesState;
};

export function syncAccountPreferences(listener: ListenerMiddlewareInstance): void {
  listener.startListening({
    matcher: authApi.endpoints.me.matchFulfilled,
    effect: ({ payload }, { dispatch }) => {
      dispatch(accountPreferencesLoaded({ language: payload.language, theme: payload.theme }));
    },
  });

  listener.startListening({
    matcher: siteApi.endpoints.siteInfo.matchFulfilled,
    effect: ({ payload }, { dispatch }) => {
      dispatch(campusLanguageLoaded(payload?.defaultLanguage ?? null));
    },
  });

  // A choice made while signed in goes to the account, unless the account has it already.
  listener.startListening({
    actionCreator: languageChanged,
    effect: ({ payload: language }, { dispatch, getState }) => {
      const me = authApi.endpoints.me.select()(getState() as State).data;
      if (me && me.language !== language)
        void dispatch(authApi.endpoints.savePreferences.initiate({ id: me.id, language }));
    },
  });
  listener.startListening({
    actionCreator: themeChanged,
    effect: ({ payload: theme }, { dispatch, getState }) => {
      const me = authApi.endpoints.me.select()(getState() as State).data;
      if (me && me.theme !== theme)
        void dispatch(authApi.endpoints.savePreferences.initiate({ id: me.id, theme }));
    },
  });
}
