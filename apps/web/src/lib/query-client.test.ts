import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, QUERY_GC_TIME_MS, retryDelay, shouldRetry } from './query-client.ts';

describe('query defaults (product.md §9)', () => {
  it('backs off exponentially from 1000 ms, capped at 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries 3 times, but not answers that asking again cannot change', () => {
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, network))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError(500, 'internal', 'x'))).toBe(true);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(400, 'invalid_input', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'rate_limited', 'x'))).toBe(true);
  });

  it('discards unused data after 5 minutes', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(QUERY_GC_TIME_MS);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });
});
