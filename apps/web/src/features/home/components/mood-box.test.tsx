import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseMood, type Recommendation, type RecommendAnswer } from '@marquee/core';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { describeIntent } from '../home-rules.ts';
import { recommendSearchParams } from '../api/get-recommendations.ts';
import { MoodBox, MOOD_ERROR } from './mood-box.tsx';
import { TEST_APP_CONFIG } from '@/test/app-config.ts';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

const CONFIG = TEST_APP_CONFIG;

function aPick(id: number, reason: string): Recommendation {
  return {
    id,
    media_type: 'movie',
    title: `Film ${id}`,
    release_date: '1996-05-01',
    overview: '',
    poster_path: `/poster/movie/${id}.svg`,
    backdrop_path: null,
    vote_average: 7.5,
    vote_count: 5000,
    popularity: 10,
    genre_ids: [27, 35],
    original_language: 'en',
    reason,
  };
}

let respond: (url: URL) => Promise<Response>;
const requests: URL[] = [];

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(url);
      return respond(url);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  getSettingsStore().reset();
  getHistoryStore().clear();
});

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(['config'], CONFIG);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MoodBox />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const box = () => screen.getByRole('textbox', { name: 'Describe what you feel like watching' });
const submit = () => screen.getByRole('button', { name: /Get Recommendations|Finding picks/ }) as HTMLButtonElement;

describe('the mood box', () => {
  it('is disabled while the request is empty or blank', () => {
    respond = async () => json({ results: [], intent: parseMood(''), personalized: false, reference: null });
    renderBox();
    expect(submit().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: '   ' } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(box(), { target: { value: 'something scary' } });
    expect(submit().disabled).toBe(false);
  });

  it('shows what it understood and each pick with its reason, and is disabled while loading', async () => {
    let release!: () => void;
    const answer: RecommendAnswer = {
      results: [aPick(1, 'Scary and funny: Horror and Comedy'), aPick(2, 'Funny: Comedy')],
      intent: parseMood('something scary but funny in the 90s'),
      reference: null,
      personalized: false,
    };
    respond = () => new Promise((resolve) => (release = () => resolve(json(answer))));
    renderBox();
    fireEvent.change(box(), { target: { value: 'something scary but funny in the 90s' } });
    fireEvent.submit(box().closest('form')!);
    await waitFor(() => expect(submit().textContent).toBe('Finding picks...'));
    expect(submit().disabled).toBe(true);
    expect(requests[0]!.pathname).toBe('/api/recommend');
    expect(requests[0]!.searchParams.get('q')).toBe('something scary but funny in the 90s');
    release();
    const list = await screen.findByRole('list', { name: 'Recommended for you' });
    const picks = within(list).getAllByRole('listitem');
    expect(picks).toHaveLength(2);
    expect(within(picks[0]!).getByText('Scary and funny: Horror and Comedy')).toBeTruthy();
    expect(within(picks[0]!).getByRole('heading', { name: 'Film 1' })).toBeTruthy();
    for (const label of ['Horror', 'Comedy', '1990s']) expect(screen.getByText(label)).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });

  it('asks with an example in one click', async () => {
    respond = async () =>
      json({
        results: [aPick(3, 'Comedy')],
        intent: parseMood('a feel-good 90s comedy'),
        personalized: false,
        reference: null,
      });
    renderBox();
    fireEvent.click(screen.getByRole('button', { name: 'a feel-good 90s comedy' }));
    expect((box() as HTMLInputElement).value).toBe('a feel-good 90s comedy');
    await screen.findByRole('list', { name: 'Recommended for you' });
    expect(requests[0]!.searchParams.get('q')).toBe('a feel-good 90s comedy');
  });

  it('says so when nothing fits, and when the request fails (with the §8 toast)', async () => {
    respond = async () =>
      json({ results: [], intent: parseMood('a 1930s anime western'), personalized: false, reference: null });
    renderBox();
    fireEvent.change(box(), { target: { value: 'a 1930s anime western' } });
    fireEvent.submit(box().closest('form')!);
    expect(await screen.findByText('Nothing in the catalogue fits that yet')).toBeTruthy();

    respond = async () => json({ error: { code: 'unavailable', message: 'down' } }, 503);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fireEvent.submit(box().closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe(MOOD_ERROR);
    expect(toast.error).toHaveBeenCalledWith('Failed to fetch recommendations. Please try again.');
  });

  it('sends the watched titles always, the favourite genres only with consent', () => {
    const history = [
      { content_type: 'movie' as const, movie_id: 5 },
      { content_type: 'tv' as const, movie_id: 9 },
      { content_type: 'tv' as const, movie_id: 9 },
    ];
    const settings = {
      enablePersonalizedRecs: true,
      favoriteGenres: [99, 18],
      privacySettings: {
        allowRecommendations: true,
        shareWatchHistory: false,
        shareRatings: false,
        dataCollection: true,
      },
    };
    const allowed = recommendSearchParams({ query: ' funny ', history, settings });
    expect(Object.fromEntries(allowed)).toEqual({ q: 'funny', watched: 'movie:5,tv:9', genres: '99,18' });
    const noRecs = recommendSearchParams({
      query: 'funny',
      history,
      settings: { ...settings, enablePersonalizedRecs: false },
    });
    expect(Object.fromEntries(noRecs)).toEqual({ q: 'funny', watched: 'movie:5,tv:9', personalize: 'false' });
    const noPrivacy = recommendSearchParams({
      query: 'funny',
      history: [],
      settings: { ...settings, privacySettings: { ...settings.privacySettings, allowRecommendations: false } },
    });
    expect(Object.fromEntries(noPrivacy)).toEqual({ q: 'funny', personalize: 'false' });
  });

  it('describes an intent in short labels', () => {
    expect(describeIntent(parseMood('a korean drama series without romance, recent'))).toEqual([
      'Drama',
      'no Romance',
      'Series',
      'Recent',
      'Korean',
    ]);
    expect(describeIntent(parseMood('like The Matrix'))).toEqual(['like “the matrix”']);
    expect(describeIntent(parseMood('like the matrix'), 'The Matrix')).toEqual(['like The Matrix']);
  });
});
