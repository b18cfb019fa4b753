import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorFallback } from '@/components/error-boundary.tsx';
import { AppLayout } from './layout/app-layout.tsx';

/** Loads a screen's module only when its route is visited (one chunk per screen). */
function screen<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

/** Every route of product.md §2's route table. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    children: [
      {
        index: true,
        lazy: screen(
          () => import('@/features/home/home-screen.tsx'),
          (m) => m.HomeScreen,
        ),
      },
      {
        path: 'browse',
        lazy: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'browse/:type',
        lazy: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'genre/:slug',
        lazy: screen(
          () => import('@/features/browse/browse-screen.tsx'),
          (m) => m.BrowseScreen,
        ),
      },
      {
        path: 'search',
        lazy: screen(
          () => import('@/features/search/search-screen.tsx'),
          (m) => m.SearchScreen,
        ),
      },
      {
        path: 'movie/:id',
        lazy: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.MovieDetailScreen,
        ),
      },
      {
        path: 'series/:id',
        lazy: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.SeriesDetailScreen,
        ),
      },
      {
        path: 'tv/:id',
        lazy: screen(
          () => import('@/features/details/detail-screen.tsx'),
          (m) => m.SeriesDetailScreen,
        ),
      },
      {
        path: 'watch/:type/:id',
        lazy: screen(
          () => import('@/features/player/watch-screen.tsx'),
          (m) => m.WatchScreen,
        ),
      },
      {
        path: 'watchlater',
        lazy: screen(
          () => import('@/features/watch-later/watch-later-screen.tsx'),
          (m) => m.WatchLaterScreen,
        ),
      },
      {
        path: 'history',
        lazy: screen(
          () => import('@/features/history/history-screen.tsx'),
          (m) => m.HistoryScreen,
        ),
      },
      {
        path: 'settings',
        lazy: screen(
          () => import('@/features/settings/settings-screen.tsx'),
          (m) => m.SettingsScreen,
        ),
      },
      {
        path: 'lists',
        lazy: screen(
          () => import('@/features/lists/lists-screen.tsx'),
          (m) => m.ListsScreen,
        ),
      },
      {
        path: 'list/:id',
        lazy: screen(
          () => import('@/features/lists/list-detail-screen.tsx'),
          (m) => m.ListDetailScreen,
        ),
      },
      {
        path: 'help',
        lazy: screen(
          () => import('@/features/info/help-screen.tsx'),
          (m) => m.HelpScreen,
        ),
      },
      {
        path: 'contact',
        lazy: screen(
          () => import('@/features/info/contact-screen.tsx'),
          (m) => m.ContactRoute,
        ),
      },
      {
        path: 'faq',
        lazy: screen(
          () => import('@/features/info/faq-screen.tsx'),
          (m) => m.FaqScreen,
        ),
      },
      {
        path: 'privacy',
        lazy: screen(
          () => import('@/features/info/privacy-screen.tsx'),
          (m) => m.PrivacyScreen,
        ),
      },
      {
        path: 'terms',
        lazy: screen(
          () => import('@/features/info/terms-screen.tsx'),
          (m) => m.TermsScreen,
        ),
      },
      {
        path: 'cookies',
        lazy: screen(
          () => import('@/features/info/cookies-screen.tsx'),
          (m) => m.CookiesScreen,
        ),
      },
      {
        path: 'reset-password',
        lazy: screen(
          () => import('@/features/auth/reset-password-screen.tsx'),
          (m) => m.ResetPasswordScreen,
        ),
      },
      {
        path: 'db-test',
        lazy: screen(
          () => import('@/features/diagnostics/db-test-screen.tsx'),
          (m) => m.DbTestScreen,
        ),
      },
      {
        path: '*',
        lazy: screen(
          () => import('@/features/not-found/not-found-screen.tsx'),
          (m) => m.NotFoundScreen,
        ),
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

/**
 * The routes the server renders before any script runs (entry-server.tsx): what they show comes
 * from the catalogue, the same for every visitor. The others (Watch Later, history, settings, the
 * player...) show the browser's own data, which only the browser has, so they render there.
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
