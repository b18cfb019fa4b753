import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { sessionQueryKey } from '@/lib/auth/session.ts';

/**
 * A wrapper for render/renderHook: a fresh query client with a visitor's session (nobody signed
 * in) and a router at `initialPath`.
 */
export function visitorWrapper(initialPath: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, null);
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
}
