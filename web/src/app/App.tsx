import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { Toasts } from '../notifications/Toasts';
import type { AppStore } from './store';

export function App({ store, router }: { store: AppStore; router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
      <Toasts />
    </Provider>
  );
}
