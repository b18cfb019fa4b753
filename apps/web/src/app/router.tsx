import { use, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';

/** A screen whose module loads when its route is first shown (one chunk per screen). */
export type LazyScreen = ComponentType & { preload: () => Promise<void> };

/**
 * The screen of a route, loaded only when the route is visited. Until its module has loaded it
 * suspends: a link's navigation (a transition) keeps the current page on screen meanwhile. Once
 * loaded (or after `preload`), it renders at once, so a server-rendered page hydrates without
 * waiting.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyScreen {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = pick(module);
      },
      (error: unknown) => {
        // A failed download (a new release, the network) is tried again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  function Screen() {
    if (!Loaded) use(preload());
    const Component = Loaded!;
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}

/** Every route of product.md §2's route table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        index: true,
        Component: screen(
          () => import('@/features/home/home-screen.tsx'),
          (m) => m.HomeScreen,
        ),
      },
      {
        path: 'browse',
        Component: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'browse/:type',
        Component: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'genre/:slug',
        Component: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'search',
        Component: screen(
          () => import('@/features/search/search-screen.tsx'),
          (m) => m.SearchScreen,
        ),
      },
      {
        path: 'movie/:id',
        Component: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.MovieDetailScreen,
        ),
      },
      {
        path: 'series/:id',
        Component: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.SeriesDetailScreen,
        ),
      },
      {
        path: 'tv/:id',
        Component: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.SeriesDetailScreen,
        ),
      },
      {
        path: 'watch/:type/:id',
        Component: screen(
          () => import('@/features/player/watch-screen.tsx'),
          (m) => m.WatchScreen,
        ),
      },
      {
        path: 'watchlater',
        Component: screen(
          () => import('@/features/watch-later/watch-later-screen.tsx'),
          (m) => m.WatchLaterScreen,
        ),
      },
      {
        path: 'history',
        Component: screen(
          () => import('@/features/history/history-screen.tsx'),
          (m) => m.HistoryScreen,
        ),
      },
      {
        path: 'stats',
        Component: screen(
          () => import('@/features/stats/stats-screen.tsx'),
          (m) => m.StatsScreen,
        ),
      },
      {
        path: 'progress',
        Component: screen(
          () => import('@/features/progress/progress-screen.tsx'),
          (m) => m.ProgressScreen,
        ),
      },
      {
        path: 'calendar',
        Component: screen(
          () => import('@/features/calendar/calendar-screen.tsx'),
          (m) => m.CalendarScreen,
        ),
      },
      {
        path: 'settings',
        Component: screen(
          () => import('@/features/settings/settings-screen.tsx'),
          (m) => m.SettingsScreen,
        ),
      },
      {
        path: 'lists',
        Component: screen(
          () => import('@/features/lists/lists-screen.tsx'),
          (m) => m.ListsScreen,
        ),
      },
      {
        path: 'list/:id',
        Component: screen(
          () => import('@/features/lists/list-detail-screen.tsx'),
          (m) => m.ListDetailScreen,
        ),
      },
      {
        path: 'help',
        Component: screen(
          () => import('@/features/info/help-screen.tsx'),
          (m) => m.HelpScreen,
        ),
      },
      {
        path: 'contact',
        Component: screen(
          () => import('@/features/info/contact-screen.tsx'),
          (m) => m.ContactRoute,
        ),
      },
      {
        path: 'faq',
        Component: screen(
          () => import('@/features/info/faq-screen.tsx'),
          (m) => m.FaqScreen,
        ),
      },
      {
        path: 'privacy',
        Component: screen(
          () => import('@/features/info/privacy-screen.tsx'),
          (m) => m.PrivacyScreen,
        ),
      },
      {
        path: 'terms',
        Component: screen(
          () => import('@/features/info/terms-screen.tsx'),
          (m) => m.TermsScreen,
        ),
      },
      {
        path: 'cookies',
        Component: screen(
          () => import('@/features/info/cookies-screen.tsx'),
          (m) => m.CookiesScreen,
        ),
      },
      {
        path: 'reset-password',
        Component: screen(
          () => import('@/features/auth/reset-password-screen.tsx'),
          (m) => m.ResetPasswordScreen,
        ),
      },
      {
        path: 'db-test',
        Component: screen(
          () => import('@/features/diagnostics/db-test-screen.tsx'),
          (m) => m.DbTestScreen,
        ),
      },
      {
        path: '*',
        Component: screen(
          () => import('@/features/not-found/not-found-screen.tsx'),
          (m) => m.NotFoundScreen,
        ),
      },
    ],
  },
];

/** The page at the current location, in the app's layout. */
export function AppRoutes() {
  return <ErrorBoundary>{useRoutes(routes)}</ErrorBoundary>;
}

/** Loads the screens of the routes at `pathname`, so that they render at once (hydration, the server). */
export async function preloadScreens(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.Component as Partial<LazyScreen> | undefined)?.preload?.(),
    ),
  );
}

/**
 * The routes the server renders before any script runs (entry-server.tsx): what they show comes
 * from the catalogue, the same for every visitor, or (Watch Later, history, settings) their frame
 * while the browser's own data waits for the browser. The others (the player, the tracking pages,
 * sign-in...) render in the browser.
 */
const SERVER_RENDERED = new Set([
  '',
  'browse',
  'browse/:type',
  'genre/:slug',
  'search',
  'movie/:id',
  'series/:id',
  'tv/:id',
  'lists',
  'list/:id',
  // The browser's own data: the server renders their frame and a loading state
  // (components/ui/browser-data-page.tsx), the browser the rest.
  'watchlater',
  'history',
  'settings',
  'help',
  'faq',
  'privacy',
  'terms',
  'cookies',
  '*',
]);

export function isServerRendered(route: RouteObject): boolean {
  return SERVER_RENDERED.has(route.index ? '' : (route.path ?? ''));
}
