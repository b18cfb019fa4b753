import type { TitleSummary } from '@marquee/core';

/** Every client route of product.md §2, in one place, so links and the router agree. */
export const paths = {
  home: '/',
  browse: '/browse',
  browseType: (type: string) => `/browse/${type}`,
  genre: (slug: string) => `/genre/${slug}`,
  search: (q?: string) => (q ? `/search?q=${encodeURIComponent(q)}` : '/search'),
  movie: (id: number | string) => `/movie/${id}`,
  series: (id: number | string) => `/series/${id}`,
  watch: (type: 'movie' | 'series', id: number | string) => `/watch/${type}/${id}`,
  watchLater: '/watchlater',
  history: '/history',
  progress: '/progress',
  calendar: '/calendar',
  stats: '/stats',
  settings: '/settings',
  lists: '/lists',
  list: (id: number | string) => `/list/${id}`,
  help: '/help',
  contact: '/contact',
  faq: '/faq',
  privacy: '/privacy',
  terms: '/terms',
  cookies: '/cookies',
  resetPassword: '/reset-password',
  dbTest: '/db-test',
} as const;

/** Where a title's detail page is: /movie/{id} or /series/{id}. */
export function detailPath(item: Pick<TitleSummary, 'media_type' | 'id'>): string {
  return item.media_type === 'movie' ? paths.movie(item.id) : paths.series(item.id);
}

/** Where a title plays: /watch/movie/{id} or /watch/series/{id}. */
export function watchPath(item: Pick<TitleSummary, 'media_type' | 'id'>): string {
  return paths.watch(item.media_type === 'movie' ? 'movie' : 'series', item.id);
}

/** The header's navigation (product.md §2 Shared layout). */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.browse, label: 'Browse' },
  { to: paths.watchLater, label: 'Watch Later' },
  { to: paths.history, label: 'History' },
  { to: paths.lists, label: 'Lists' },
  { to: paths.settings, label: 'Settings' },
] as const;
