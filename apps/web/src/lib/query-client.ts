import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Data-fetch defaults of product.md §9. */
export const QUERY_RETRIES = 3;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** Exponential backoff from 1000 ms, capped at 30000 ms (product.md §9). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

/**
 * Retries up to 3 times, except answers that cannot change by asking again: a 4xx (not found,
 * invalid input) is final, while 408 and 429 are worth another try.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 408 || error.status === 429;
  }
  return true;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_GC_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
