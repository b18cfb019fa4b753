// First: the schemas the app's modules build as they load must not probe for eval (CSP).
import './parse-without-compiling.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { DehydratedState } from '@tanstack/react-query';
import { Providers } from './providers.tsx';
import { AppRoutes, preloadScreens } from './router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { hydrateServerState } from '@/lib/server-state.ts';

/**
 * Starts the app (main.tsx loads this once the page has painted): hydrates a page the server
 * rendered, or renders one from scratch.
 */

/** Where the server puts the data of a page it rendered (entry-server.tsx), as JSON. */
const SSR_STATE_ID = 'ssr-state';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const queryClient = createQueryClient();
const serverState = document.getElementById(SSR_STATE_ID);

if (serverState?.textContent) {
  // The server rendered this page: take over its markup with the same data and the same screen.
  hydrateServerState(queryClient, JSON.parse(serverState.textContent) as DehydratedState);
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is hydrated: a tap during it is answered.
  // The page's screen is loaded first, so that the first render matches the server's.
  void preloadScreens(window.location.pathname).then(() => startTransition(() => void hydrateRoot(container, app())));
} else {
  createRoot(container).render(app());
}

function app() {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
}
