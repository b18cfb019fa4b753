import { Fragment, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { AuthHost } from '@/features/auth/components/auth-host.tsx';
import { FeedbackHost } from './feedback-host.tsx';
import { FloatingActions } from '@/features/updates/latest-updates.tsx';
import { useAnalytics } from '@/lib/analytics/use-analytics.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { ApplySettings } from '../apply-settings.tsx';
import { addPreconnectHints, hideBootOverlay } from '../boot.ts';
import { BreadcrumbProvider, Breadcrumbs } from './breadcrumbs.tsx';
import { ScrollRestoration } from '@/lib/scroll-restoration.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading page">
      <span className="size-10 animate-spin rounded-full border-2 border-gold-400/25 border-t-gold-400" />
    </div>
  );
}

/**
 * Hides the start-up overlay and marks the app ready once the page itself has rendered: on a page
 * the server rendered, that is when its content is hydrated (React hydrates it after the layout),
 * and after the re-render with the browser's own data that follows.
 */
function MarkReady() {
  useEffect(() => {
    const timer = window.setTimeout(() => hideBootOverlay(), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return null;
}

/** Every page: fixed header, breadcrumbs, the page, footer and the floating actions. */
export function AppLayout() {
  const { data: config } = useAppConfig();
  const { pathname } = useLocation();

  useAnalytics();
  useEffect(() => {
    addPreconnectHints([window.location.origin, ...(config ? [config.images.secure_base_url] : [])]);
  }, [config]);

  return (
    <BreadcrumbProvider>
      <ApplySettings />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-gold-400 px-4 py-2 font-medium text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <div className="page-glow flex min-h-dvh flex-col">
        <Header />
        <div className="h-16 shrink-0" aria-hidden />
        <Breadcrumbs />
        <main id="main" className="flex-1" tabIndex={-1}>
          {/* The boundaries stay between pages, so that a page whose code is still loading leaves
              the current one on screen (navigations are transitions); the page itself starts anew. */}
          <ErrorBoundary resetKey={pathname}>
            <Suspense fallback={<RouteFallback />}>
              <Fragment key={pathname}>
                <Outlet />
              </Fragment>
              <MarkReady />
            </Suspense>
          </ErrorBoundary>
        </main>
        <Footer />
      </div>
      <FloatingActions />
      <AuthHost />
      <FeedbackHost />
      <ScrollRestoration />
    </BreadcrumbProvider>
  );
}
