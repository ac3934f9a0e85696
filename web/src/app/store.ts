import { configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import accountsReducer, { saveAccounts, type AccountsState } from '../accounts/accountsSlice';
import { api, isQuiet } from '../api/baseApi';
import authReducer, { loggedOut, saveStoredAuth, type StoredAuth } from '../auth/authSlice';
import { notificationFor } from '../notifications/notification';
import notificationsReducer, { notified } from '../notifications/notificationsSlice';
import { showSuccessToasts } from '../notifications/saved';
import i18n, { applyLanguage } from '../i18n/i18n';
import { syncAccountPreferences } from '../preferences/accountPreferences';
import preferencesReducer, {
  savePreferences,
  selectLanguage,
  type PreferencesState,
} from '../preferences/preferencesSlice';

/** The theme is a `data-theme` attribute on <html>; the CSS variables follow it. */
export function applyTheme(theme: PreferencesState['theme']) {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

export function createStore() {
  const listener = createListenerMiddleware();

  listener.startListening({
    actionCreator: loggedOut,
    effect: (_action, { dispatch }) => {
      dispatch(api.util.resetApiState());
    },
  });

  listener.startListening({
    matcher: isRejectedWithValue,
    // Every failed call raises an error toast unless it was a 401 (the session handling takes it)
    // or its endpoint declared `extraOptions: QUIET` because its page shows the failure itself.
    effect: (action, { dispatch }) => {
      const failure = action.payload as { status?: unknown };
      if (failure?.status === 401 || isQuiet(action.meta)) return;
      dispatch(notified(notificationFor(failure)));
    },
  });
  // Every successful save raises a success toast with the sentence its endpoint declares.
  showSuccessToasts(listener);
  // The account's and the campus's language and theme; a choice made signed in saved to the account.
  syncAccountPreferences(listener);

  const store = configureStore({
    reducer: {
      auth: authReducer,
      accounts: accountsReducer,
      preferences: preferencesReducer,
      notifications: notificationsReducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });

  let saved: StoredAuth | null = store.getState().auth.stored;
  let savedAccounts: AccountsState = store.getState().accounts;
  let savedPreferences: PreferencesState = store.getState().preferences;
  // The interface language follows the store (main.tsx awaits the first one before the first paint).
  let language = selectLanguage(store.getState());
  if (i18n.language !== language) void applyLanguage(language);
  applyTheme(savedPreferences.theme);
  store.subscribe(() => {
    const { auth, accounts, preferences } = store.getState();
    if (auth.stored !== saved) saveStoredAuth((saved = auth.stored));
    if (accounts !== savedAccounts) saveAccounts((savedAccounts = accounts));
    if (preferences !== savedPreferences) {
      if (preferences.theme !== savedPreferences.theme) applyTheme(preferences.theme);
      savePreferences((savedPreferences = preferences));
      const next = selectLanguage(store.getState());
      if (next !== language) void applyLanguage((language = next));
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
