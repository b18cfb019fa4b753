import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client.ts';
import { requestToaster, useIsToasterRequested } from '@/lib/toast.ts';
import { whenIdle } from '@/lib/when-idle.ts';

const AppToaster = lazy(() => import('./app-toaster.tsx').then((module) => ({ default: module.AppToaster })));

/** Toast defaults of product.md §9: 4000 ms, 3 visible, 14 px gap, alt+T focuses them (width 356 px is Sonner's). */
export const TOASTER_PROPS = {
  duration: 4000,
  visibleToasts: 3,
  gap: 14,
  hotkey: ['altKey', 'KeyT'],
  position: 'bottom-right',
  theme: 'dark',
  closeButton: true,
} as const;

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}

/**
 * Mounts the Toaster when the page is idle after load, or earlier when a toast comes first, so
 * that its live region is usually in place before anything is announced in it.
 */
function ToasterHost() {
  const isRequested = useIsToasterRequested();
  useEffect(() => whenIdle(() => void requestToaster()), []);
  return isRequested ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
