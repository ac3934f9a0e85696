// the global styles first: the components' CSS Modules come after them and refine them
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/routes';
import { createStore } from './app/store';
import { applyLanguage } from './i18n/i18n';
import { selectLanguage } from './preferences/preferencesSlice';

const store = createStore();

/** The interface language is loaded before the first paint, so no page flashes in English first. */
void applyLanguage(selectLanguage(store.getState()))
  .catch(() => undefined)
  .finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App store={store} router={createBrowserRouter(routes)} />
      </StrictMode>,
    );
  });
