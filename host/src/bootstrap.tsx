import '@bullpen/shared/theme.css';
import './app/host.css';
import { configureAuth, loadRuntimeConfig } from '@bullpen/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { HOST_ROUTES } from './app/route-table';
import { preloadRoute, registerRuntimeRemotes } from './features/remotes';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadRuntimeConfig()
  .then((config) => {
    configureAuth(config);
    registerRuntimeRemotes(config.remotes);
    // The route's remote and first reads start now, in parallel with the session check and the first render.
    void preloadRoute(HOST_ROUTES, window.location.pathname);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: Error) => {
    console.error('[host] configuration failed', error);
    root.render(
      <main className="host-main">
        <section className="host-error" role="alert">
          <h1>Bullpen could not start</h1>
          <p>Its configuration could not be loaded. Please try again in a moment.</p>
        </section>
      </main>,
    );
  });
