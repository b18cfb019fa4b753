import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './dialog.tsx';
import type { ConfirmDialogProps } from './confirm-dialog.tsx';

const Dialog = lazy(() => import('./dialog.tsx').then((module) => ({ default: module.Dialog })));
const ConfirmDialog = lazy(() => import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })));

/** Renders nothing until `open` is first true, then keeps rendering (so closing runs Radix's own close). */
function useWantedOnce(open: boolean): boolean {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted;
}

/**
 * The Dialog, with its code (Radix, about 13 KB gzip) loaded at the first opening: for dialogs
 * that pages show closed. Kept mounted afterwards, so that closing runs Radix's own close and
 * the focus goes back to the opener.
 */
export function LazyDialog(props: DialogProps) {
  return useWantedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}

/** The ConfirmDialog, loaded at its first opening like LazyDialog. */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  return useWantedOnce(props.open) ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
}
