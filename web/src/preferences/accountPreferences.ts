/**
 * The interface choices between this browser, the account and the campus (docs/web-client.md,
 * "Languages and dates"): the account's choices are applied whenever the signed-in user is read,
 * a choice made on this browser is saved to the account (at once when signed in, else at the next
 * sign-in; the most recent choice wins), and the campus's default language comes with its site info.
 */
import type { ListenerMiddlewareInstance } from '@reduxjs/toolkit';
import { authApi, type ProfileChange, type UserInfo } from '../auth/authApi';
import { siteApi } from '../site/siteApi';
import {
  accountPreferencesLoaded,
  accountPreferencesSaved,
  campusLanguageLoaded,
  languageChanged,
  themeChanged,
  type PreferencesState,
} from './preferencesSlice';

type State = Parameters<ReturnType<typeof authApi.endpoints.me.select>>[0] & {
  preferences: PreferencesState;
};

/** The choices of this browser the account does not have yet; null when it has them all. */
function unsavedChange(me: UserInfo, preferences: PreferencesState): ProfileChange | null {
  const change: ProfileChange = { id: me.id };
  for (const field of preferences.unsaved) {
    if (preferences[field] !== me[field]) Object.assign(change, { [field]: preferences[field] });
  }
  return Object.keys(change).length > 1 ? change : null;
}

export function syncAccountPreferences(listener: ListenerMiddlewareInstance): void {
  const save = (dispatch: (action: unknown) => unknown, getState: () => unknown) => {
    const state = getState() as State;
    const me = authApi.endpoints.me.select()(state).data;
    // admin and lptk accounts are signed out at once (spec 01 §6): nothing to keep for them
    if (!me || me.role === 'admin' || me.role === 'lptk') return;
    const change = unsavedChange(me, state.preferences);
    if (change) void dispatch(authApi.endpoints.saveProfile.initiate(change));
    else dispatch(accountPreferencesSaved({ language: me.language, theme: me.theme }));
  };

  listener.startListening({
    matcher: authApi.endpoints.me.matchFulfilled,
    effect: ({ payload }, { dispatch, getState }) => {
      dispatch(accountPreferencesLoaded({ language: payload.language, theme: payload.theme }));
      save(dispatch, getState);
    },
  });

  listener.startListening({
    matcher: authApi.endpoints.saveProfile.matchFulfilled,
    effect: ({ meta }, { dispatch }) => {
      const { id: _id, ...saved } = meta.arg.originalArgs;
      dispatch(accountPreferencesSaved(saved));
    },
  });

  listener.startListening({
    matcher: siteApi.endpoints.siteInfo.matchFulfilled,
    effect: ({ payload }, { dispatch }) => {
      dispatch(campusLanguageLoaded(payload?.defaultLanguage ?? null));
    },
  });

  // A choice made while signed in goes to the account at once.
  listener.startListening({
    predicate: (action) => languageChanged.match(action) || themeChanged.match(action),
    effect: (_action, { dispatch, getState }) => save(dispatch, getState),
  });
}
