import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareMenu } from './share-menu.tsx';

const toast = vi.hoisted(() => vi.fn());
vi.mock('@/lib/toast.ts', () => ({ toast }));
const openAppPopup = vi.hoisted(() => vi.fn());
vi.mock('@/lib/player/popup-guard.ts', () => ({ openAppPopup }));

const URL_SHARED = 'http://localhost:3000/watch/movie/550';
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  toast.mockClear();
  openAppPopup.mockClear();
  writeText.mockReset();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(cleanup);

function renderMenu() {
  render(<ShareMenu text="Watching Fight Club on Marquee" url={URL_SHARED} />);
}

function openMenu() {
  if (!screen.queryByRole('button', { name: 'Share' })) renderMenu();
  const trigger = screen.getByRole('button', { name: 'Share' });
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return screen.getByRole('menu');
}

describe('ShareMenu', () => {
  it('opens the Twitter and Facebook share pages in popups of 550×420 and 580×300 (player.md §7)', () => {
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share on Twitter' }));
    const twitter = new URL(openAppPopup.mock.calls[0]![0] as string);
    expect(`${twitter.origin}${twitter.pathname}`).toBe('https://twitter.com/intent/tweet');
    expect(Object.fromEntries(twitter.searchParams)).toEqual({
      text: 'Watching Fight Club on Marquee',
      url: URL_SHARED,
      hashtags: 'Marquee',
    });
    expect(openAppPopup.mock.calls[0]!.slice(1)).toEqual(['share-twitter', 550, 420]);
    expect(screen.queryByRole('menu')).toBeNull();

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Share on Facebook' }));
    expect(openAppPopup).toHaveBeenLastCalledWith(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(URL_SHARED)}`,
      'share-facebook',
      580,
      300,
    );
  });

  it('copies the link and says so (player.md §8)', async () => {
    writeText.mockResolvedValue(undefined);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Copied to Clipboard!', {
        description: 'Share link copied to clipboard.',
        duration: 3000,
      }),
    );
    expect(writeText).toHaveBeenCalledWith(URL_SHARED);
  });

  it('shows the link in a toast when copying fails (player.md §8)', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Copy link' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith('Share Info', { description: `Share this: ${URL_SHARED}`, duration: 8000 }),
    );
  });

  it('is a real menu: focus on the first item, arrow keys move, Escape closes back to the button', async () => {
    const menu = openMenu();
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Share on Twitter', 'Share on Facebook', 'Copy link']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    // Radix moves the focus on the next tick.
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(items[2]));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Share' }));
  });
});
