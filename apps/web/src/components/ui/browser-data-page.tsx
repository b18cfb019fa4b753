import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { useClientValue } from '@/lib/use-client-value.ts';
import { PageHeader } from './page-header.tsx';

/**
 * A page of the browser's own data (Watch Later, history, settings). The server cannot know that
 * data, so it renders the page's frame, heading and a loading state (the visitor sees the page at
 * once, not the start-up overlay until every script has run), and so does the browser while it
 * takes the server's page over; the page itself renders right after. A page opened in the app (a
 * link) renders at once.
 */
export function BrowserDataPage({
  title,
  subtitle,
  loadingLabel,
  before,
  children,
}: {
  title: string;
  subtitle: string;
  /** The accessible name of the loading state ("Loading history"). */
  loadingLabel: string;
  /** Shown above the heading, as on the page (History's links to its neighbours). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const isInBrowser = useClientValue(true, false);
  if (isInBrowser) return children;
  return (
    <div className="mx-auto max-w-[1600px] px-4 pt-8 pb-16 sm:px-6 lg:px-8" data-browser-data="loading">
      {before}
      <PageHeader title={title} subtitle={subtitle} />
      <div role="status" aria-label={loadingLabel} className="flex justify-center py-16 text-fg-muted">
        <Loader2 className="size-6 animate-spin motion-reduce:animate-none" aria-hidden />
      </div>
    </div>
  );
}
