import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';
import type { MarkWatchedRequest } from './mark-watched-actions.tsx';

const MarkWatchedActions = lazy(() =>
  import('./mark-watched-actions.tsx').then((module) => ({ default: module.MarkWatchedActions })),
);

/**
 * What a Mark watched control asks for (mark, unmark, watched again) and the element that does it:
 * the dialog and the unmarking load at the first press (no first page needs them).
 */
export function useMarkWatchedRequest(
  title: MarkWatchedTitle,
  target: MarkWatchedScope,
): [ask: (kind: MarkWatchedRequest['kind']) => void, actions: ReactNode] {
  const [request, setRequest] = useState<MarkWatchedRequest | null>(null);
  const ask = (kind: MarkWatchedRequest['kind']) => setRequest({ kind, id: (request?.id ?? 0) + 1 });
  const actions = request ? (
    <Suspense fallback={null}>
      <MarkWatchedActions request={request} title={title} target={target} />
    </Suspense>
  ) : null;
  return [ask, actions];
}
