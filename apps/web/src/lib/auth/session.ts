import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useClientValue } from '../use-client-value.ts';

/** The signed-in user as better-auth's `GET /api/auth/get-session` describes it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** The username chosen at sign-up ('' when none). */
  name: string;
  image: string | null;
  createdAt: string;
}

interface SessionAnswer {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async () => (await apiFetch<SessionAnswer | null>('/api/auth/get-session'))?.user ?? null,
  staleTime: 5 * 60 * 1000,
  // A guest is not an error: no retries for a missing session.
  retry: false,
});

const AWAITED = { user: null, isPending: true } as const;

/**
 * The signed-in user, or null for a guest; `isPending` while the first answer is awaited. A page
 * the server rendered was rendered awaiting it, and it still reads so while React takes that
 * markup over (even if the answer came meanwhile), so the two match; then it re-renders.
 */
export function useSession(): { user: SessionUser | null; isPending: boolean } {
  const query = useQuery(sessionQueryOptions);
  // While the answer is awaited the value is AWAITED itself, so that a page taken over before the
  // answer came finds nothing changed and React does not render it again at once, synchronously.
  const session = useMemo(
    () => (query.isPending ? AWAITED : { user: query.data ?? null, isPending: false }),
    [query.data, query.isPending],
  );
  return useClientValue(session, AWAITED);
}
