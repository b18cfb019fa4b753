import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDay, type MarkWatchedTitle, type SeasonDetails } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getRatingsStore } from '@/lib/local-store/ratings-store.ts';
import { useWatchedCount, useWatchedEpisodes } from '@/lib/local-store/use-watched.ts';
import { visitorWrapper } from '@/test/app-wrapper.tsx';
import { MarkWatchedButton } from './mark-watched-button.tsx';
import type * as SetRatingModule from '@/lib/local-store/set-rating.ts';
import { RatingControl } from './rating-control.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

/** Makes the next change fail as a ratings store that could not be downloaded does. */
const loadFails = vi.hoisted(() => ({ next: false }));
vi.mock('@/lib/local-store/set-rating.ts', async (original) => {
  const actual = await original<typeof SetRatingModule>();
  return {
    ...actual,
    setRating: (...args: Parameters<typeof actual.setRating>) => {
      if (!loadFails.next) return actual.setRating(...args);
      loadFails.next = false;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    },
  };
});

const film: MarkWatchedTitle = {
  id: 603,
  media_type: 'movie',
  title: 'The Matrix',
  poster_path: '/matrix.jpg',
  release_date: '1999-03-31',
};
const series: MarkWatchedTitle = { id: 1399, media_type: 'tv', name: 'Chronicle', poster_path: null };

function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return localDay(date);
}

const seasonOne: SeasonDetails = {
  id: 1,
  season_number: 1,
  name: 'Season 1',
  air_date: null,
  episodes: [1, 2, 3].map((number) => ({
    id: number,
    season_number: 1,
    episode_number: number,
    name: `Episode ${number}`,
    overview: '',
    still_path: null,
    runtime: 50,
    // The third has not aired yet.
    air_date: number === 3 ? dayFromToday(7) : '2020-01-0' + number,
    vote_average: 7,
  })),
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input) === '/api/catalogue/tv/1399/season/1'
        ? Response.json(seasonOne)
        : Response.json({ error: { code: 'not_found', message: 'not here' } }, { status: 404 }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  // The app's stores are kept per page: empty them through their own API between tests.
  getHistoryStore().clear();
  for (const item of getRatingsStore().getSnapshot()) getRatingsStore().remove(item);
});

function FilmWatched() {
  const isWatched = useWatchedCount(film.id, 'movie') > 0;
  return (
    <>
      <MarkWatchedButton title={film} target={{ scope: 'title' }} isWatched={isWatched} />
      {isWatched ? (
        <MarkWatchedButton
          title={film}
          target={{ scope: 'title' }}
          isWatched
          action="again"
          markLabel="Watched again"
        />
      ) : null}
    </>
  );
}

function SeasonWatched() {
  const watched = useWatchedEpisodes(series.id);
  return (
    <MarkWatchedButton
      title={series}
      target={{ scope: 'season', season_number: 1 }}
      isWatched={watched.size > 0}
      markLabel="Mark season 1 watched"
      watchedLabel="Season 1 watched"
    />
  );
}

describe('RatingControl', () => {
  it('rates with the arrow keys by half a star, and Delete clears the rating', async () => {
    render(<RatingControl subject={{ movie_id: 603, content_type: 'movie' }} showText />, {
      wrapper: visitorWrapper('/'),
    });
    const slider = screen.getByRole('slider', { name: 'Your rating' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    for (let step = 0; step < 9; step += 1) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuetext')).toBe('4.5 stars');
    const ref = { movie_id: 603, content_type: 'movie' as const, season_number: null, episode_number: null };
    await waitFor(() => expect(getRatingsStore().ratingOf(ref)).toBe(9));
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuetext')).toBe('4 stars');
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('10');
    fireEvent.keyDown(slider, { key: 'Delete' });
    expect(slider.getAttribute('aria-valuetext')).toBe('Not rated');
    await waitFor(() => expect(getRatingsStore().getSnapshot()).toEqual([]));
  });

  it('says so when a rating cannot be saved, and shows what is stored again', async () => {
    render(<RatingControl subject={{ movie_id: 604, content_type: 'movie' }} showText />, {
      wrapper: visitorWrapper('/'),
    });
    const slider = screen.getByRole('slider', { name: 'Your rating' });
    loadFails.next = true;
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0.5 stars');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Error', {
        description: 'Your rating could not be saved. Check your connection and try again.',
      }),
    );
    await waitFor(() => expect(slider.getAttribute('aria-valuetext')).toBe('Not rated'));
    // The next press saves.
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    const ref = { movie_id: 604, content_type: 'movie' as const, season_number: null, episode_number: null };
    await waitFor(() => expect(getRatingsStore().ratingOf(ref)).toBe(1));
  });

  it("keeps an episode's rating apart from its series'", async () => {
    const episode = { movie_id: 1399, content_type: 'tv' as const, season_number: 1, episode_number: 2 };
    render(<RatingControl subject={episode} label="Your rating of episode 2" />, { wrapper: visitorWrapper('/') });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Your rating of episode 2' }), { key: 'ArrowRight' });
    await waitFor(() =>
      expect(getRatingsStore().getSnapshot()).toEqual([expect.objectContaining({ ...episode, rating: 1 })]),
    );
  });
});

describe('MarkWatchedButton', () => {
  it('refuses a date in the future, then marks a film watched on a picked day and unmarks it', async () => {
    render(<FilmWatched />, { wrapper: visitorWrapper('/') });
    fireEvent.click(screen.getByRole('button', { name: 'Mark watched' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as watched' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On another date' }));
    const date = within(dialog).getByLabelText('Date watched');
    fireEvent.change(date, { target: { value: dayFromToday(1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The date cannot be in the future');
    expect(getHistoryStore().getSnapshot()).toEqual([]);

    fireEvent.change(date, { target: { value: '2021-06-05' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({
        movie_id: 603,
        content_type: 'movie',
        source: 'manual',
        completed: true,
        watched_at: new Date(2021, 5, 5, 12).toISOString(),
      }),
    ]);

    const watched = screen.getByRole('button', { name: 'Watched' });
    expect(watched.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(watched);
    await waitFor(() => expect(getHistoryStore().getSnapshot()).toEqual([]));
    expect(screen.getByRole('button', { name: 'Mark watched' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks the aired episodes of a season now, and asks before unmarking them all', async () => {
    render(<SeasonWatched />, { wrapper: visitorWrapper('/') });
    fireEvent.click(screen.getByRole('button', { name: 'Mark season 1 watched' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as watched' });
    expect(within(dialog).getByRole('radio', { name: 'Just now' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const entries = getHistoryStore().getSnapshot();
    expect(entries.map((entry) => entry.episode_number).sort()).toEqual([1, 2]);
    expect(entries.every((entry) => entry.source === 'manual' && entry.completed)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Season 1 watched' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Mark as unwatched?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark unwatched' }));
    await waitFor(() => expect(getHistoryStore().getSnapshot()).toEqual([]));
  });

  it('dates each episode of a season on its air date when asked', async () => {
    render(<SeasonWatched />, { wrapper: visitorWrapper('/') });
    fireEvent.click(screen.getByRole('button', { name: 'Mark season 1 watched' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as watched' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On each episode’s air date' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(getHistoryStore().getSnapshot()).toHaveLength(2));
    const dates = Object.fromEntries(
      getHistoryStore()
        .getSnapshot()
        .map((entry) => [entry.episode_number, entry.watched_at]),
    );
    expect(dates).toEqual({ 1: new Date(2020, 0, 1, 12).toISOString(), 2: new Date(2020, 0, 2, 12).toISOString() });
  });

  it('adds a play when a film already watched is watched again, on the day asked', async () => {
    render(<FilmWatched />, { wrapper: visitorWrapper('/') });
    fireEvent.click(screen.getByRole('button', { name: 'Mark watched' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark as watched' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getHistoryStore().getSnapshot()).toEqual([expect.objectContaining({ movie_id: 603, play_count: 1 })]);

    fireEvent.click(screen.getByRole('button', { name: 'Watched again' }));
    dialog = await screen.findByRole('dialog', { name: 'Watched again' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'On another date' }));
    fireEvent.change(within(dialog).getByLabelText('Date watched'), { target: { value: '2024-02-03' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getHistoryStore().getSnapshot()).toEqual([
      expect.objectContaining({
        movie_id: 603,
        play_count: 2,
        source: 'manual',
        watched_at: new Date(2024, 1, 3, 12).toISOString(),
      }),
    ]);
  });

  it('leaves the episodes already watched as they were when a season is marked', async () => {
    const watchedAt = new Date(2022, 3, 4, 12);
    const episodeOne = { movie_id: 1399, movie_title: 'Chronicle', content_type: 'tv' as const, season_number: 1 };
    getHistoryStore().add({ ...episodeOne, episode_number: 1, completed: true, play_count: 2 }, { watchedAt });
    render(
      <MarkWatchedButton
        title={series}
        target={{ scope: 'season', season_number: 1 }}
        isWatched={false}
        markLabel="Mark season 1 watched"
      />,
      { wrapper: visitorWrapper('/') },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mark season 1 watched' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as watched' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark watched' }));
    await waitFor(() => expect(getHistoryStore().getSnapshot()).toHaveLength(2));
    const byEpisode = new Map(
      getHistoryStore()
        .getSnapshot()
        .map((entry) => [entry.episode_number, entry]),
    );
    expect(byEpisode.get(1)).toEqual(
      expect.objectContaining({ watched_at: watchedAt.toISOString(), play_count: 2, source: 'player' }),
    );
    expect(byEpisode.get(2)).toEqual(expect.objectContaining({ play_count: 1, source: 'manual', completed: true }));
  });
});
