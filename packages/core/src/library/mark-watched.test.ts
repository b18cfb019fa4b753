import { describe, expect, it } from 'vitest';
import { addToHistory, historyKey, type HistoryItem } from './history.ts';
import { markWatched, pickedDayError, watchedKeysOf, type MarkWatchedRequest } from './mark-watched.ts';
import { isAired, localDay, watchedEpisodesOf } from './watched.ts';

// Local times, so that the tests read the same in every time zone.
const NOW = new Date(2024, 4, 15, 20, 30);
const film = {
  id: 603,
  media_type: 'movie' as const,
  title: 'The Matrix',
  poster_path: '/m.jpg',
  release_date: '1999-03-31',
};
const series = {
  id: 1399,
  media_type: 'tv' as const,
  name: 'Chronicle',
  poster_path: null,
  first_air_date: '2024-04-01',
};
const episodes = [
  { season_number: 0, episode_number: 1, name: 'Special', air_date: '2024-03-01' },
  { season_number: 1, episode_number: 1, name: 'One', air_date: '2024-04-01' },
  { season_number: 1, episode_number: 2, name: 'Two', air_date: '2024-05-15' },
  { season_number: 1, episode_number: 3, name: 'Three', air_date: '2024-05-16' },
  { season_number: 2, episode_number: 1, name: 'Later', air_date: null },
];

function request(overrides: Partial<MarkWatchedRequest>): MarkWatchedRequest {
  return { title: film, target: { scope: 'title' }, when: { kind: 'now' }, now: NOW, ...overrides };
}

describe('markWatched', () => {
  it('marks a film watched now, by hand and completed', () => {
    const result = markWatched(request({}));
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.value).toHaveLength(1);
    expect(result.value[0]?.input).toMatchObject({
      movie_id: 603,
      movie_title: 'The Matrix',
      content_type: 'movie',
      source: 'manual',
      completed: true,
    });
    expect(result.value[0]?.watchedAt).toEqual(NOW);
  });

  it('dates a film on its release day, or on a picked day, at midday', () => {
    const release = markWatched(request({ when: { kind: 'release' } }));
    expect(release.ok && release.value[0]?.watchedAt).toEqual(new Date(1999, 2, 31, 12));
    const picked = markWatched(request({ when: { kind: 'picked', day: '2020-02-29' } }));
    expect(picked.ok && picked.value[0]?.watchedAt).toEqual(new Date(2020, 1, 29, 12));
  });

  it('dates a day picked as today at the moment of marking, never ahead of it', () => {
    const result = markWatched(request({ when: { kind: 'picked', day: localDay(NOW) } }));
    expect(result.ok && result.value[0]?.watchedAt).toEqual(NOW);
  });

  it('refuses a day in the future or one that does not exist, and adds nothing', () => {
    expect(markWatched(request({ when: { kind: 'picked', day: '2024-05-16' } }))).toEqual({
      ok: false,
      error: { code: 'invalid_item', message: 'The date cannot be in the future', field: 'watched_at' },
    });
    expect(markWatched(request({ when: { kind: 'picked', day: '3000-01-01' } })).ok).toBe(false);
    expect(pickedDayError('2023-02-29', NOW)).toBe('Enter a valid date');
    expect(pickedDayError('yesterday', NOW)).toBe('Enter a valid date');
    expect(pickedDayError('2024-05-15', NOW)).toBeNull();
  });

  it('refuses a season or an episode of a film', () => {
    const result = markWatched(request({ target: { scope: 'season', season_number: 1 } }));
    expect(result).toEqual({
      ok: false,
      error: { code: 'invalid_item', message: 'A film has no seasons or episodes', field: 'season_number' },
    });
    expect(markWatched(request({ target: { scope: 'episode', season_number: 1, episode_number: 1 } })).ok).toBe(false);
  });

  it('marks a whole series: its aired regular episodes only, specials left out', () => {
    const result = markWatched(request({ title: series, episodes }));
    expect(result.ok && result.value.map((entry) => [entry.input.season_number, entry.input.episode_number])).toEqual([
      [1, 1],
      [1, 2],
    ]);
  });

  it('marks a season: its aired episodes, each on its air date when asked', () => {
    const result = markWatched(
      request({ title: series, episodes, target: { scope: 'season', season_number: 1 }, when: { kind: 'release' } }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((entry) => entry.input.episode_title)).toEqual(['One', 'Two']);
    // Episode 2 aired today: a day that is today is dated now, never ahead of it.
    expect(result.value.map((entry) => entry.watchedAt)).toEqual([new Date(2024, 3, 1, 12), NOW]);
    expect(result.value.every((entry) => entry.input.source === 'manual' && entry.input.completed)).toBe(true);
  });

  it('refuses an episode not yet aired, one that does not exist and a season with nothing aired', () => {
    const unaired = markWatched(
      request({ title: series, episodes, target: { scope: 'episode', season_number: 1, episode_number: 3 } }),
    );
    expect(!unaired.ok && unaired.error.message).toBe('This episode has not aired yet');
    const missing = markWatched(
      request({ title: series, episodes, target: { scope: 'episode', season_number: 1, episode_number: 9 } }),
    );
    expect(!missing.ok && missing.error).toMatchObject({ code: 'not_found', message: 'Episode not found' });
    const empty = markWatched(request({ title: series, episodes, target: { scope: 'season', season_number: 2 } }));
    expect(!empty.ok && empty.error.message).toBe('No aired episodes to mark');
  });

  it('marks one aired episode with its name', () => {
    const result = markWatched(
      request({ title: series, episodes, target: { scope: 'episode', season_number: 1, episode_number: 1 } }),
    );
    expect(result.ok && result.value.map((entry) => entry.input)).toEqual([
      expect.objectContaining({ season_number: 1, episode_number: 1, episode_title: 'One', content_type: 'tv' }),
    ]);
  });
});

describe('isAired', () => {
  it('counts today and earlier, not tomorrow nor an unknown date', () => {
    expect(isAired('2024-05-15', NOW)).toBe(true);
    expect(isAired('2024-05-14', NOW)).toBe(true);
    expect(isAired('2024-05-16', NOW)).toBe(false);
    expect(isAired(null, NOW)).toBe(false);
    expect(isAired('soon', NOW)).toBe(false);
  });
});

describe('unmarking and watched state', () => {
  function historyOf(...inputs: Parameters<typeof addToHistory>[1][]): HistoryItem[] {
    return inputs.reduce<HistoryItem[]>((list, input) => {
      const result = addToHistory(list, input, NOW);
      if (!result.ok) throw new Error(result.error.message);
      return result.value.list;
    }, []);
  }
  const show = { movie_id: 1399, movie_title: 'Chronicle', content_type: 'tv' as const };
  const list = historyOf(
    { ...show, season_number: 1, episode_number: 1, source: 'manual', completed: true },
    { ...show, season_number: 1, episode_number: 2, completed: false },
    { ...show, season_number: 2, episode_number: 1, completed: true },
    { movie_id: 603, movie_title: 'The Matrix', content_type: 'movie', completed: true },
  );

  it('names the entries a series, a season or an episode covers', () => {
    expect(watchedKeysOf(list, series, { scope: 'title' })).toHaveLength(3);
    expect(watchedKeysOf(list, series, { scope: 'season', season_number: 1 }).sort()).toEqual([
      'tv:1399:s1:e1',
      'tv:1399:s1:e2',
    ]);
    expect(watchedKeysOf(list, series, { scope: 'episode', season_number: 2, episode_number: 1 })).toEqual([
      'tv:1399:s2:e1',
    ]);
    expect(watchedKeysOf(list, film, { scope: 'title' })).toEqual([
      historyKey({ movie_id: 603, content_type: 'movie' }),
    ]);
  });

  it('counts an episode watched when marked or completed, not when merely started', () => {
    expect([...watchedEpisodesOf(list, 1399).keys()].sort()).toEqual(['s1e1', 's2e1']);
  });
});
