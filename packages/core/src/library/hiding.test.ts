import { describe, expect, it } from 'vitest';
import { excludedTitleTokens, parseTitleTokens, titleToken, withoutExcluded } from './hiding.ts';
import { exclusionParamsSchema, titleFactsParamsSchema } from '../catalogue/exclusions.ts';

const watched = (movie_id: number, content_type: 'movie' | 'tv', watched_at: string, completed = true) => ({
  movie_id,
  content_type,
  completed,
  source: 'player',
  watched_at,
});

describe('hiding titles', () => {
  it('names titles as movie:603 and tv:1399 and reads them back', () => {
    expect(titleToken('movie', 603)).toBe('movie:603');
    expect(titleToken('tv', 1399)).toBe('tv:1399');
    expect(parseTitleTokens('movie:603,tv:1399')).toEqual([
      { type: 'movie', id: 603 },
      { type: 'tv', id: 1399 },
    ]);
    for (const bad of [
      '',
      'movie',
      'film:1',
      'movie:1,',
      'movie:1, tv:2',
      'movie:-1',
      'm1',
      'movie:0',
      'tv:2147483648',
    ])
      expect(parseTitleTokens(bad)).toBeNull();
  });

  it('leaves out hidden titles always, and watched ones only with the setting', () => {
    const hidden = [{ movie_id: 5, content_type: 'movie' as const, hidden_at: '2026-01-02T00:00:00.000Z' }];
    const history = [
      watched(1, 'movie', '2026-01-03T00:00:00.000Z'),
      watched(2, 'movie', '2026-01-04T00:00:00.000Z', false),
      { ...watched(3, 'movie', '2026-01-01T00:00:00.000Z', false), source: 'manual' },
      watched(10, 'tv', '2026-01-05T00:00:00.000Z'),
    ];
    expect(excludedTitleTokens(hidden, history, false)).toEqual(['movie:5']);
    // Newest first; an unfinished film is not watched; a series with a watched episode is.
    expect(excludedTitleTokens(hidden, history, true)).toEqual(['tv:10', 'movie:1', 'movie:5', 'movie:3']);
    expect(excludedTitleTokens(hidden, history, true, 2)).toEqual(['tv:10', 'movie:1']);
  });

  it('names a title once however many episodes were watched', () => {
    const history = [watched(10, 'tv', '2026-01-05T00:00:00.000Z'), watched(10, 'tv', '2026-01-04T00:00:00.000Z')];
    expect(excludedTitleTokens([], history, true)).toEqual(['tv:10']);
  });

  it('filters a list by type and id', () => {
    const items = [
      { id: 1, media_type: 'movie' as const },
      { id: 1, media_type: 'tv' as const },
    ];
    expect(withoutExcluded(items, new Set(['movie:1']))).toEqual([{ id: 1, media_type: 'tv' }]);
    expect(withoutExcluded(items, new Set())).toBe(items);
  });

  it('refuses a malformed or too long exclusion list, naming the limit', () => {
    expect(exclusionParamsSchema.safeParse({ exclude: 'movie:1,tv:2', hide: 'hidden,watched' }).success).toBe(true);
    expect(exclusionParamsSchema.safeParse({}).success).toBe(true);
    expect(exclusionParamsSchema.safeParse({ hide: 'everything' }).success).toBe(false);
    const tooMany = Array.from({ length: 501 }, (_, index) => `movie:${index + 1}`).join(',');
    const refused = exclusionParamsSchema.safeParse({ exclude: tooMany });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('must name at most 500 titles');
    expect(titleFactsParamsSchema.safeParse({}).success).toBe(false);
  });
});
