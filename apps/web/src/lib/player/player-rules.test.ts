import { describe, expect, it } from 'vitest';
import {
  daysSinceRelease,
  isRecentRelease,
  reachedMilestones,
  seasonOfInitialEpisode,
  shareUrls,
  swipeDirection,
} from './player-rules.ts';

describe('player rules', () => {
  it('warns for movies released 0 to 15 days ago', () => {
    const now = new Date(2026, 10, 22, 12);
    expect(daysSinceRelease('2026-11-07', now)).toBe(15);
    expect(isRecentRelease(daysSinceRelease('2026-11-07', now))).toBe(true);
    expect(isRecentRelease(daysSinceRelease('2026-11-06', now))).toBe(false);
    expect(isRecentRelease(daysSinceRelease('2026-11-22', now))).toBe(true);
    expect(isRecentRelease(daysSinceRelease('2026-11-23', now))).toBe(false);
    expect(daysSinceRelease('', now)).toBeNull();
  });

  it('derives the season of an initial episode', () => {
    expect(seasonOfInitialEpisode(5)).toBe(1);
    expect(seasonOfInitialEpisode(203)).toBe(2);
  });

  it('builds the share popups of player.md §7', () => {
    const urls = shareUrls('Watching Heat', 'https://m.example/movie/1');
    expect(urls.twitter.href).toBe(
      'https://twitter.com/intent/tweet?text=Watching+Heat&url=https%3A%2F%2Fm.example%2Fmovie%2F1&hashtags=Marquee',
    );
    expect(urls.facebook).toEqual({
      href: 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fm.example%2Fmovie%2F1',
      width: 580,
      height: 300,
    });
  });

  it('applies the swipe thresholds', () => {
    expect(swipeDirection(-51, 0)).toBe(1);
    expect(swipeDirection(51, 5)).toBe(-1);
    expect(swipeDirection(-50, 0)).toBe(0);
    expect(swipeDirection(-200, 11)).toBe(0);
  });

  it('reports each progress milestone once', () => {
    expect(reachedMilestones(30, 100, new Set())).toEqual([25]);
    expect(reachedMilestones(80, 100, new Set([25]))).toEqual([50, 75]);
    expect(reachedMilestones(100, 100, new Set([25, 50, 75]))).toEqual([100]);
    expect(reachedMilestones(10, 0, new Set())).toEqual([]);
  });
});
