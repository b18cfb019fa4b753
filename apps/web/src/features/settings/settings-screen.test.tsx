import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryKey, type SessionUser } from '@/lib/auth/session.ts';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { getSettingsStore } from '@/lib/local-store/settings-store.ts';
import { getWatchLaterStore } from '@/lib/local-store/watch-later-store.ts';
import { SettingsScreen } from './settings-screen.tsx';

const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast.ts', () => ({ toast }));

function Hash() {
  return <p data-testid="hash">{useLocation().hash}</p>;
}

function renderAt(hash: string, user: SessionUser | null = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/settings${hash}`]}>
        <SettingsScreen />
        <Hash />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const settings = () => getSettingsStore().getSnapshot();

/** happy-dom has no window.confirm; the screen asks the browser's. */
function answerConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  Object.defineProperty(window, 'confirm', { value: confirm, configurable: true, writable: true });
  return confirm;
}
const SAVED = ['Setting Updated', { id: 'setting-updated', description: 'Your setting has been saved locally.' }];

beforeEach(() => {
  getSettingsStore().reset();
  getHistoryStore().clear();
  getWatchLaterStore().clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('settings screen', () => {
  it('opens the tab named by the hash and keeps the selected tab in it', () => {
    renderAt('#privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Privacy' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByText('Please sign in to manage your profile.')).toBeTruthy();
    expect(screen.getByTestId('hash').textContent).toBe('#profile');
  });

  it('saves a toggle at once and says so', () => {
    renderAt('#display');
    const animations = screen.getByRole('switch', { name: 'Enable animations' });
    fireEvent.click(animations);
    expect(settings().enableAnimations).toBe(false);
    expect(animations.getAttribute('aria-checked')).toBe('false');
    expect(toast.success).toHaveBeenCalledWith(...SAVED);
  });

  it('moves the sliders within their ranges and steps, announcing each committed change', () => {
    renderAt('#display');
    const columns = screen.getByRole('slider', { name: 'Grid columns' });
    expect(columns.getAttribute('aria-valuemin')).toBe('4');
    expect(columns.getAttribute('aria-valuemax')).toBe('8');
    fireEvent.keyDown(columns, { key: 'End' });
    expect(settings().gridColumns).toBe(8);
    expect(columns.getAttribute('aria-valuetext')).toBe('8 columns');
    const limit = screen.getByRole('slider', { name: 'Continue Watching limit' });
    fireEvent.keyDown(limit, { key: 'ArrowRight' });
    expect(settings().continueWatchingLimit).toBe(10);
    fireEvent.keyDown(limit, { key: 'Home' });
    expect(settings().continueWatchingLimit).toBe(4);
    expect(toast.success).toHaveBeenCalledTimes(3);
  });

  it('keeps one font size for Display and Accessibility, and both high-contrast fields in step', () => {
    renderAt('#accessibility');
    fireEvent.change(screen.getByLabelText('Font size'), { target: { value: 'large' } });
    expect(settings()).toMatchObject({ fontSize: 'large', accessibilitySettings: { fontSize: 18 } });
    fireEvent.click(screen.getByRole('switch', { name: 'High contrast' }));
    expect(settings()).toMatchObject({ highContrastMode: true, accessibilitySettings: { highContrast: true } });
  });

  it('toggles favourite genres among the 12 choices', () => {
    renderAt('#content');
    const genres = within(screen.getByRole('group', { name: 'Favourite genres' })).getAllByRole('button');
    expect(genres.map((genre) => genre.textContent)).toEqual([
      'Action',
      'Animation',
      'Comedy',
      'Crime',
      'Documentary',
      'Drama',
      'Family',
      'Fantasy',
      'Horror',
      'Romance',
      'Sci-Fi',
      'Thriller',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Horror' }));
    fireEvent.click(screen.getByRole('button', { name: 'Action' }));
    expect(settings().favoriteGenres).toEqual([27, 28]);
    fireEvent.click(screen.getByRole('button', { name: 'Horror' }));
    expect(settings().favoriteGenres).toEqual([28]);
  });

  it('adds, validates, announces and removes a custom source', () => {
    vi.useFakeTimers();
    renderAt('#custom-video-sources');
    expect(screen.getByRole('tab', { name: 'Content' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add source' }));
    expect(toast.success).toHaveBeenCalledWith('Custom Source Added', {
      description: 'Fill in the details to activate your new video source.',
    });
    const editor = within(document.getElementById('custom-video-sources')!);
    fireEvent.change(editor.getByLabelText('Name'), { target: { value: 'Vidhost' } });
    fireEvent.change(editor.getByLabelText('Movie URL'), { target: { value: 'data:text/html,hi' } });
    expect(editor.getByRole('alert').textContent).toContain('http:// or https://');
    expect(settings().customVideoSources).toEqual([{ name: 'Vidhost', movieUrl: '', tvUrl: '', recommended: false }]);

    fireEvent.change(editor.getByLabelText('Movie URL'), { target: { value: 'http://v.example/{movieID}' } });
    expect(settings().customVideoSources[0]!.movieUrl).toBe('http://v.example/{movieID}');
    expect(editor.getByText(/the player can only play https:\/\/ addresses/)).toBeTruthy();
    fireEvent.change(editor.getByLabelText('Movie URL'), { target: { value: 'https://v.example/{movieID}' } });
    expect(editor.queryByRole('alert')).toBeNull();
    expect(editor.queryByText(/the player can only play https:\/\/ addresses/)).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(toast.success).toHaveBeenCalledWith('Custom Source Ready', {
      description: 'Vidhost is now available in video source selection.',
    });
    // Said once: further edits are plain saves.
    fireEvent.change(editor.getByLabelText('TV URL'), { target: { value: 'https://v.example/{seriesId}' } });
    fireEvent.blur(editor.getByLabelText('TV URL'));
    expect(toast.success).toHaveBeenLastCalledWith(...SAVED);

    const source = screen.getByLabelText('Default video source');
    expect(
      within(source)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Library', 'Trailer', 'Vidhost (custom)']);
    fireEvent.change(source, { target: { value: '2' } });
    expect(settings().defaultVideoSource).toBe(2);
    fireEvent.click(editor.getByRole('button', { name: 'Remove Vidhost' }));
    expect(toast).toHaveBeenCalledWith('Custom Source Removed');
    expect(settings()).toMatchObject({ customVideoSources: [], defaultVideoSource: 0 });
  });

  it('resets only after the browser confirmation', () => {
    getSettingsStore().set('gridColumns', 4);
    renderAt('#data');
    const confirm = answerConfirm(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset settings' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to reset all settings to default?');
    expect(settings().gridColumns).toBe(4);
    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset settings' }));
    expect(settings().gridColumns).toBe(6);
    expect(toast.success).toHaveBeenCalledWith('Settings Reset');
  });

  it('imports a settings file, refusing a broken one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('#data');
    const input = screen.getByLabelText('Import');
    const good = new File([JSON.stringify({ gridColumns: 7 })], 'settings.json', { type: 'application/json' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [good] } });
    });
    expect(settings().gridColumns).toBe(7);
    expect(toast.success).toHaveBeenCalledWith('Settings Imported', {
      description: 'Your settings have been successfully imported.',
    });
    const bad = new File(['{ nope'], 'settings.json', { type: 'application/json' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [bad] } });
    });
    expect(toast.error).toHaveBeenCalledWith('Import Failed', {
      description: 'Failed to import settings. Please check the file format.',
    });
  });

  it('exports a dated JSON file and shows what is stored', () => {
    getWatchLaterStore().add({ movie_id: 1, movie_title: 'One', content_type: 'movie' });
    renderAt('#data');
    expect(screen.getByText('1 title')).toBeTruthy();
    expect(screen.getByText('Guest')).toBeTruthy();
    expect(screen.getByText(/^\d+\.\d KB$/)).toBeTruthy();
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^marquee-export-\d{4}-\d{2}-\d{2}\.json$/);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(toast.success).toHaveBeenCalledWith('Data Exported', expect.anything());
    vi.unstubAllGlobals();
  });

  it('clears all data after the browser confirmation', () => {
    vi.useFakeTimers();
    getWatchLaterStore().add({ movie_id: 1, movie_title: 'One', content_type: 'movie' });
    getSettingsStore().set('fontSize', 'large');
    renderAt('#data');
    const confirm = answerConfirm(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear all data' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to clear ALL data? This cannot be undone!');
    expect(toast.success).toHaveBeenCalledWith('All Data Cleared', expect.anything());
    expect(getWatchLaterStore().getSnapshot()).toEqual([]);
    expect(settings().fontSize).toBe('medium');
    expect(Object.keys(window.localStorage).filter((key) => key.startsWith('marquee:'))).toEqual([]);
  });

  it('asks a guest to sign in on the Profile tab', () => {
    renderAt('#profile');
    expect(screen.getByText('Please sign in to manage your profile.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('shows a signed-in profile and saves only username and avatar URL', async () => {
    const profile = {
      id: 'a1b2c3d4e5f6a7b8',
      username: 'grace',
      email: 'grace@example.org',
      avatar_url: null,
      created_at: '2024-03-05T10:00:00.000Z',
      updated_at: '2024-03-05T10:00:00.000Z',
      email_verified: true,
    };
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/profiles/username-available')) return Response.json({ available: true });
      if (init?.method === 'PATCH') return Response.json({ ...profile, ...JSON.parse(String(init.body)) });
      return Response.json(profile);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderAt('#profile', {
      id: profile.id,
      email: profile.email,
      emailVerified: true,
      name: 'grace',
      image: null,
      createdAt: profile.created_at,
    });
    expect(await screen.findByText('grace')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.getByText('March 5, 2024')).toBeTruthy();
    expect(screen.getByText('a1b2c3d4')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'grace_h' } });
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'javascript:alert(1)' } });
    expect(screen.getByText('Avatar URL must be a web address starting with http:// or https://')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'https://img.example/g.png' } });
    await screen.findByText('Username is available', {}, { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Profile Updated', {
        description: 'Your profile has been updated successfully.',
      }),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      username: 'grace_h',
      avatar_url: 'https://img.example/g.png',
    });
    vi.unstubAllGlobals();
  });
});
