import { useEffect, useState } from 'react';
import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { toast } from '@/lib/toast.ts';
import { unmarkWatched } from '@/lib/tracking/unmark-watched.ts';
import { MarkWatchedDialog } from './mark-watched-dialog.tsx';
import { describeTarget } from './mark-watched-target.ts';

/** What the button asked for; `id` tells two presses apart. */
export interface MarkWatchedRequest {
  /** `again`: a film or an episode already watched, watched once more (a play is added). */
  kind: 'mark' | 'unmark' | 'again';
  id: number;
}

/**
 * What Mark watched does once pressed, loaded at the first press (no first page needs it): the
 * dialog that marks, and unmarking, which asks first for a series or a season (many entries go).
 */
export function MarkWatchedActions({
  request,
  title,
  target,
}: {
  request: MarkWatchedRequest;
  title: MarkWatchedTitle;
  target: MarkWatchedScope;
}) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const what = describeTarget(title, target);
  const asksFirst = title.media_type === 'tv' && target.scope !== 'episode';

  function unmark() {
    unmarkWatched(title, target);
    toast('Marked as unwatched', { description: `${what} removed from your History.` });
  }

  useEffect(() => {
    if (request.kind !== 'unmark') setDialogOpen(true);
    else if (asksFirst) setConfirmOpen(true);
    else unmark();
    // Each press once: the request's id changes with every press.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request.id]);

  return (
    <>
      <MarkWatchedDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        title={title}
        target={target}
        again={request.kind === 'again'}
      />
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Mark as unwatched?"
        description={`${what}: every watched episode is removed from your History.`}
        confirmLabel="Mark unwatched"
        onConfirm={unmark}
      />
    </>
  );
}
