import { lazy, Suspense } from 'react';
import { useHistory, useSetting } from '@/lib/local-store/hooks.ts';

// Loaded only when there is a history to show: a first visit has none.
const ContinueWatchingRow = lazy(() =>
  import('./continue-watching-row.tsx').then((module) => ({ default: module.ContinueWatchingRow })),
);

/**
 * Continue Watching (product.md §2 Home page): shown only with the showContinueWatching setting
 * on and a history to show, newest first, at most continueWatchingLimit cards.
 */
export function ContinueWatching() {
  const [isEnabled] = useSetting('showContinueWatching');
  const { items: history } = useHistory();
  if (!isEnabled || history.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ContinueWatchingRow history={history} />
    </Suspense>
  );
}
