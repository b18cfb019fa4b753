import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client.ts';
import { useIsToasterRequested } from '@/lib/toast.ts';

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

/** The app's providers; `client` is given when its cache was filled first (a server-rendered page). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToasterHost />
    </QueryClientProvider>
  );
}

/** Mounts the Toaster at the first toast (lib/toast.ts hands the toast over once it listens). */
function ToasterHost() {
  const isRequested = useIsToasterRequested();
  return isRequested ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
