// First: the schemas the app's modules build as they load must not probe for eval (CSP).
import './parse-without-compiling.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { hydrate } from '@tanstack/react-query';
import { Providers } from './providers.tsx';
import { createRouter, routes } from './router.tsx';
import { createQueryClient } from '@/lib/query-client.ts';

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
  hydrate(queryClient, JSON.parse(serverState.textContent));
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread until the whole page is hydrated: a tap during it is answered.
  void loadRouteModules().then(() => startTransition(() => void hydrateRoot(container, app())));
} else {
  createRoot(container).render(app());
}

/** Loads the current route's screen first, so that the first render matches the server's. */
async function loadRouteModules(): Promise<void> {
  const lazyMatches = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async (match) => {
      const loaded = await (match.route.lazy as () => Promise<object>)();
      Object.assign(match.route, { ...loaded, lazy: undefined });
    }),
  );
}

function app() {
  return (
    <StrictMode>
      <Providers client={queryClient}>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>
  );
}
