import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { routes } from './app/routes';
import { createStore } from './app/store';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={createStore()} router={createBrowserRouter(routes)} />
  </StrictMode>,
);
