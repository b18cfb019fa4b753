import { lazy, Suspense, useState } from 'react';
import { useFeedbackDialogOpen } from '@/lib/feedback/feedback-dialog-store.ts';

const FeedbackDialog = lazy(() =>
  import('@/components/feedback/feedback-dialog.tsx').then((module) => ({ default: module.FeedbackDialog })),
);

/** The Feedback dialog, loaded when first opened and kept mounted afterwards (focus return). */
export function FeedbackHost() {
  const open = useFeedbackDialogOpen();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackDialog />
    </Suspense>
  ) : null;
}
