import { describe, expect, it } from 'vitest';
import { analyticsBatchSchema } from './analytics-batch-schema.ts';
import { ANALYTICS_LIMITS, sanitizeAnalyticsParams } from './analytics-events.ts';

describe('sanitizeAnalyticsParams', () => {
  it('keeps flat values and drops what the API would refuse', () => {
    expect(
      sanitizeAnalyticsParams({
        term: 'alien',
        results: 3,
        exact: true,
        source: null,
        season: undefined,
        nested: { a: 1 },
        list: [1, 2],
        ratio: Number.NaN,
        'Bad Key': 1,
      }),
    ).toEqual({ term: 'alien', results: 3, exact: true, source: null });
  });

  it('cuts long strings and keeps at most the allowed number of keys', () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`k${index}`, 'x'.repeat(900)]));
    const clean = sanitizeAnalyticsParams(many);
    expect(Object.keys(clean)).toHaveLength(ANALYTICS_LIMITS.paramsPerEvent);
    expect(clean.k0).toHaveLength(ANALYTICS_LIMITS.paramStringLength);
  });

  it('gives params the batch schema accepts', () => {
    const params = sanitizeAnalyticsParams({ message: 'y'.repeat(2000), line: 12, error: new Error('x') });
    const parsed = analyticsBatchSchema.safeParse({
      events: [{ name: 'js_error', params, at: new Date().toISOString() }],
    });
    expect(parsed.success).toBe(true);
  });
});

describe('analyticsBatchSchema', () => {
  it('takes no consent to mean none', () => {
    const parsed = analyticsBatchSchema.parse({ events: [{ name: 'page_view', at: '2026-05-01T10:00:00.000Z' }] });
    expect(parsed.consent).toEqual({ shareWatchHistory: false });
    expect(parsed.events[0]!.params).toEqual({});
  });
});
