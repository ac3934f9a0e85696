import { configureStore, createListenerMiddleware, isRejectedWithValue } from '@reduxjs/toolkit';
import { api } from '../api/baseApi';
import authReducer, { loggedOut, saveStoredAuth, type StoredAuth } from '../auth/authSlice';
import { notificationFor } from '../notifications/notification';
import notificationsReducer, { notified } from '../notifications/notificationsSlice';

/** Calls whose failures the page handles itself or ignores (spec 01 §8). */
const QUIET_ENDPOINTS = new Set(['login', 'logout', 'me', 'online', 'siteInfo']);

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
    effect: (action, { dispatch }) => {
      const meta = action.meta as { arg?: { endpointName?: string } };
      const failure = action.payload as { status?: unknown };
      if (failure?.status === 401 || QUIET_ENDPOINTS.has(meta.arg?.endpointName ?? '')) return;
      dispatch(notified(notificationFor(failure)));
    },
  });

  const store = configureStore({
    reducer: {
      auth: authReducer,
      notifications: notificationsReducer,
      [api.reducerPath]: api.reducer,
    },
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });

  let saved: StoredAuth | null = store.getState().auth.stored;
  store.subscribe(() => {
    const stored = store.getState().auth.stored;
    if (stored !== saved) saveStoredAuth((saved = stored));
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
