import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronRight, Home } from 'lucide-react';
import { paths } from '@/config/paths.ts';

const SEGMENT_LABELS: Record<string, string> = {
  browse: 'Browse',
  movie: 'Movies',
  series: 'Series',
  tv: 'TV Shows',
  genre: 'Genre',
  search: 'Search',
  watch: 'Watch',
  watchlater: 'Watch Later',
  history: 'History',
  progress: 'Progress',
  calendar: 'Calendar',
  settings: 'Settings',
  lists: 'Lists',
  list: 'Lists',
  help: 'Help',
  contact: 'Contact',
  faq: 'FAQ',
  privacy: 'Privacy',
  terms: 'Terms',
  cookies: 'Cookies',
  'reset-password': 'Reset Password',
  'db-test': 'Database Test',
};

/** Labels of numeric segments by the segment before them (product.md §2 Shared layout). */
const NUMERIC_LABELS: Record<string, string> = {
  movie: 'Movie Details',
  series: 'Series Details',
  tv: 'Series Details',
  list: 'List Details',
  genre: 'Genre Movies',
};

/**
 * Where the crumb of a path that is no page of its own leads instead: the page listing what the
 * segment names (movies, series, lists, genres); null shows the crumb without a link. Without
 * this, the middle crumbs of detail, list, genre and watch pages led to "Page Not Found".
 */
const CRUMB_TARGETS: Record<string, string | null> = {
  '/movie': paths.browseType('movie'),
  '/series': paths.browseType('tv'),
  '/tv': paths.browseType('tv'),
  '/list': paths.lists,
  '/genre': paths.browse,
  '/watch': null,
  '/watch/movie': paths.browseType('movie'),
  '/watch/series': paths.browseType('tv'),
  '/watch/tv': paths.browseType('tv'),
};

export interface Crumb {
  label: string;
  /** Where it links; null: no page to link to. The last crumb is the page itself. */
  to: string | null;
}

function titleCase(segment: string): string {
  return decodeURIComponent(segment)
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The crumbs of a path, before any page override. */
export function crumbsFor(pathname: string, overrides: Record<string, string> = {}): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const previous = segments[index - 1] ?? '';
    let label: string;
    if (/^\d+$/.test(segment)) label = NUMERIC_LABELS[previous] ?? 'Details';
    else label = SEGMENT_LABELS[segment] ?? titleCase(segment);
    const isLast = index === segments.length - 1;
    const to = !isLast && path in CRUMB_TARGETS ? (CRUMB_TARGETS[path] ?? null) : path;
    return { label: overrides[path] ?? label, to };
  });
}

interface BreadcrumbContextValue {
  overrides: Record<string, string>;
  setOverride: (path: string, label: string | null) => void;
}

const BreadcrumbContext = createContext<BreadcrumbContextValue | null>(null);

export function BreadcrumbProvider({ children }: { children: ReactNode }) {
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  const value = useMemo<BreadcrumbContextValue>(
    () => ({
      overrides,
      setOverride(path, label) {
        setOverrides((current) => {
          if (label === null) {
            if (!(path in current)) return current;
            const { [path]: _removed, ...rest } = current;
            return rest;
          }
          return current[path] === label ? current : { ...current, [path]: label };
        });
      },
    }),
    [overrides],
  );
  return <BreadcrumbContext.Provider value={value}>{children}</BreadcrumbContext.Provider>;
}

/** Lets a page replace the label of its own crumb, e.g. a title instead of "Movie Details". */
export function useBreadcrumbLabel(label: string | null | undefined): void {
  const context = useContext(BreadcrumbContext);
  const { pathname } = useLocation();
  const setOverride = context?.setOverride;
  useEffect(() => {
    if (!setOverride || !label) return;
    setOverride(pathname, label);
    return () => setOverride(pathname, null);
  }, [setOverride, pathname, label]);
}

/** The breadcrumb bar, shown on every page but home. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const context = useContext(BreadcrumbContext);
  if (pathname === '/') return null;
  const crumbs = crumbsFor(pathname, context?.overrides);
  return (
    <nav aria-label="Breadcrumb" className="border-b border-white/5 bg-ink-900/60">
      <ol className="mx-auto flex max-w-[1600px] items-center gap-1.5 overflow-x-auto px-4 py-2.5 text-sm whitespace-nowrap text-fg-subtle sm:px-6 lg:px-8">
        <li>
          <Link to="/" className="flex items-center gap-1.5 rounded hover:text-fg">
            <Home className="size-3.5" aria-hidden />
            Home
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={index} className="flex items-center gap-1.5">
              <ChevronRight className="size-3.5 opacity-60" aria-hidden />
              {isLast ? (
                <span aria-current="page" className="text-fg">
                  {crumb.label}
                </span>
              ) : crumb.to === null ? (
                <span>{crumb.label}</span>
              ) : (
                <Link to={crumb.to} className="rounded hover:text-fg">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
