import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '@/lib/toast.ts';
import { TOASTER_PROPS } from './providers.tsx';

/** Sonner's Toaster with the spec's defaults; tells lib/toast.ts once it listens for toasts. */
export function AppToaster() {
  // Effects run children first: by now the Toaster has subscribed to Sonner's toast state.
  useEffect(() => toasterMounted(), []);
  return <Toaster {...TOASTER_PROPS} hotkey={[...TOASTER_PROPS.hotkey]} />;
}
