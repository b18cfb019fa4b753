import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './dialog.tsx';

const Dialog = lazy(() => import('./dialog.tsx').then((module) => ({ default: module.Dialog })));

/**
 * The Dialog, with its code (Radix, about 13 KB gzip) loaded at the first opening: for dialogs
 * that pages show closed. Kept mounted afterwards, so that closing runs Radix's own close and
 * the focus goes back to the opener.
 */
export function LazyDialog(props: DialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  ) : null;
}
