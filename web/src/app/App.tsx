import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { SessionKeeper } from '../auth/SessionKeeper';
import '../i18n/i18n';
import { Toasts } from '../notifications/Toasts';
import { SiteHead } from '../site/SiteHead';
import type { AppStore } from './store';

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Provider store={store}>
      <SessionKeeper />
      <SiteHead />
      <RouterProvider router={router} />
      <Toasts />
    </Provider>
  );
}
