import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPreconnectHints, BOOT_HIDE_DELAY_MS, BOOT_REMOVE_DELAY_MS, hideBootOverlay } from './boot.ts';

describe('start-up overlay (product.md §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<div id="boot-overlay"></div>';
  });
  afterEach(() => vi.useRealTimers());

  it('hides 50 ms after the first render and is removed 300 ms later', () => {
    expect([BOOT_HIDE_DELAY_MS, BOOT_REMOVE_DELAY_MS]).toEqual([50, 300]);
    hideBootOverlay();
    const overlay = document.getElementById('boot-overlay')!;
    vi.advanceTimersByTime(49);
    expect(overlay.classList.contains('is-hidden')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(overlay.classList.contains('is-hidden')).toBe(true);
    vi.advanceTimersByTime(299);
    expect(document.getElementById('boot-overlay')).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById('boot-overlay')).toBeNull();
  });
});

describe('preconnect hints', () => {
  it('adds one hint per origin', () => {
    document.head.innerHTML = '';
    addPreconnectHints(['https://image.example.org/t/p/', 'https://image.example.org/other', '/api/x']);
    const hrefs = [...document.head.querySelectorAll('link[rel="preconnect"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(hrefs).toEqual(['https://image.example.org', window.location.origin]);
  });
});
