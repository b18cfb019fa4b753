import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchProfile } from './auth-api.ts';
import { useSession } from './session.ts';

export const profileQueryKey = ['auth', 'profile'] as const;

export const profileQueryOptions = queryOptions({ queryKey: profileQueryKey, queryFn: fetchProfile });

/** The signed-in user's profile (product.md §3); undefined for guests and while loading. */
export function useProfile() {
  const { user } = useSession();
  return useQuery({ ...profileQueryOptions, enabled: user !== null });
}
