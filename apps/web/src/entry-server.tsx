import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { QueryClient, type Query } from '@tanstack/react-query';
import { Providers } from './app/providers.tsx';
import { AppRoutes, isServerRendered, preloadScreens, routes } from './app/router.tsx';
import { preloadDeferredParts } from './lib/deferred.tsx';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { PageStatusContext, type PageStatus } from './lib/page-status.tsx';
import { dehydratePage, isNotFoundQuery } from './lib/server-state.ts';

/**
 * The server-side renderer (built by `vite build --ssr`, loaded by the server's web plugin):
 * renders a page's first screen to HTML with the data it asks for, so that a visitor sees the
 * page before any script has run; main.tsx then hydrates it.
 *
 * Pages render as a guest would see them: the session and the browser's own data (history,
 * Watch Later, settings) are left to the browser, which fills them in after hydration.
 */

/**
 * The queries fetched for a server render: data the same for every visitor, the catalogue's, and
 * the cards' comment counts and where each title plays (which would otherwise arrive after
 * hydration and render every card of a grid again).
 */
const SHARED_DATA = new Set(['catalogue', 'config', 'home', 'lists', 'list', 'comment-counts', 'availability']);
/** Render passes: each may reveal queries that depend on the previous pass's answers. */
const MAX_PASSES = 4;

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The query cache, dehydrated, for main.tsx to hydrate with. */
  state: unknown;
  /** The HTTP status: 404 when the page shows a not-found state (lib/page-status.tsx), else 200. */
  status: number;
}

/** Where the app's API requests go while rendering (the server's own routes, in process). */
export function setServerTransport(transport: ApiTransport): void {
  setApiTransport(transport);
}

function isSharedQuery(query: Query): boolean {
  const [scope] = query.queryKey;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof scope === 'string' && SHARED_DATA.has(scope) && enabled !== false;
}

/**
 * The page at `url` (path and query), or null when it is not one the server renders (a route
 * that shows the browser's own data, a redirect); it throws when the page's data could not all be
 * fetched. Either way the browser then renders it as before.
 */
export async function renderPage(url: string, origin: string): Promise<RenderedPage | null> {
  const location = new URL(url, origin);
  const leaf = matchRoutes(routes, location.pathname)?.at(-1)?.route;
  if (!leaf || !isServerRendered(leaf)) return null;
  await preloadScreens(location.pathname);
  // The parts a page loads once the visitor nears them (lib/deferred.tsx): the server renders them whole.
  await preloadDeferredParts();

  // retryOnMount off: a query that failed (a missing title's 404) renders as failed, not as loading.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, gcTime: Infinity } },
  });
  const status: PageStatus = { code: 200 };
  const app = (
    <StrictMode>
      <PageStatusContext value={status}>
        <Providers client={queryClient}>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </PageStatusContext>
    </StrictMode>
  );

  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    status.code = 200;
    html = renderToString(app);
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isSharedQuery(query),
      );
    if (wanted.length === 0) break;
    if (pass === MAX_PASSES - 1) return null;
    await Promise.all(wanted.map((query) => query.fetch().catch(() => undefined)));
  }
  // A failed or still-missing answer would render differently in the browser: leave the page to
  // it, saying which answer was missing (the server logs it). A 404 is no failure: the page shows
  // its not-found state, and the browser starts from the same answer.
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => isSharedQuery(query) && query.state.status !== 'success' && !isNotFoundQuery(query));
  if (missing.length > 0)
    throw new Error(
      `no answer for ${missing.map((query) => `${JSON.stringify(query.queryKey)} (${query.state.error?.message ?? query.state.status})`).join(', ')}`,
    );
  return { html, state: dehydratePage(queryClient), status: status.code };
}
