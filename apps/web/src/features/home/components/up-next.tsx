import { lazy, Suspense } from 'react';
import { useHistory, useSetting } from '@/lib/local-store/hooks.ts';
import { useNearViewport } from '../use-near-viewport.ts';

// The row, its progress rules and its requests load only for a viewer who has started a series,
// once the row comes near the screen: the first page's JavaScript stays within its budget.
const UpNextRow = lazy(() => import('./up-next-row.tsx').then((module) => ({ default: module.UpNextRow })));

/**
 * Up Next on the home page (issue 30): the next episode of each series in progress. Like Continue
 * Watching it follows the showContinueWatching setting, and shows only with a series started.
 */
export function UpNext() {
  const [isEnabled] = useSetting('showContinueWatching');
  const { items } = useHistory();
  const [ref, isNear] = useNearViewport<HTMLDivElement>();
  if (!isEnabled || !items.some((item) => item.content_type === 'tv')) return null;
  return (
    <div ref={ref}>
      {isNear ? (
        <Suspense fallback={null}>
          <UpNextRow />
        </Suspense>
      ) : null}
    </div>
  );
}
