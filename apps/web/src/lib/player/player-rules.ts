/** Player constants (player.md §9). */
export const PLAYER_TIMING = {
  backupSwitchMs: 1000,
  episodeLoadingMs: 1000,
  popupNoticeMs: 2000,
  /** An embed that has not fired `load` by then is treated as failed (Marquee's choice). */
  embedLoadTimeoutMs: 10000,
  /**
   * An embed counts as watched once it has loaded and stayed open this long, selected and on a
   * visible page (DESIGN.md: a history entry is written when watching starts). A cross-origin
   * frame tells nothing of its playback, so time on screen stands for it (Marquee's choice).
   */
  embedWatchingMs: 5000,
  /** How often the Library source saves the position while playing (Marquee's choice). */
  progressSaveMs: 5000,
} as const;

export const TOAST_MS = { change: 3000, backup: 4000, shareInfo: 8000 } as const;
export const MOBILE_QUERY = '(max-width: 767.98px)';
export const SWIPE = { minHorizontal: 50, scrollTolerance: 10 } as const;
export const RECENT_RELEASE_DAYS = 15;
export const VIDEO_MILESTONES = [25, 50, 75, 100] as const;

/** Days since a release date (YYYY-MM-DD), or null when it is not a date. */
export function daysSinceRelease(releaseDate: string | null | undefined, now: Date): number | null {
  if (!releaseDate || !/^\d{4}-\d{2}-\d{2}$/.test(releaseDate)) return null;
  const released = Date.UTC(
    Number(releaseDate.slice(0, 4)),
    Number(releaseDate.slice(5, 7)) - 1,
    Number(releaseDate.slice(8, 10)),
  );
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((today - released) / 86_400_000);
}

/** A movie released 0 to 15 days ago gets the recent-release warning (player.md §9). */
export function isRecentRelease(days: number | null): days is number {
  return days !== null && days >= 0 && days <= RECENT_RELEASE_DAYS;
}

/** An initial episode sets the season: episode / 100, at least 1 (player.md §4 Series). */
export function seasonOfInitialEpisode(episode: number): number {
  return Math.max(1, Math.floor(episode / 100));
}

/** Share URLs of player.md §7 Sharing. */
export function shareUrls(text: string, url: string) {
  const twitter = new URL('https://twitter.com/intent/tweet');
  twitter.searchParams.set('text', text);
  twitter.searchParams.set('url', url);
  twitter.searchParams.set('hashtags', 'Marquee');
  const facebook = new URL('https://www.facebook.com/sharer/sharer.php');
  facebook.searchParams.set('u', url);
  return {
    twitter: { href: twitter.href, width: 550, height: 420 },
    facebook: { href: facebook.href, width: 580, height: 300 },
  };
}

/**
 * The swipe rule of player.md §5: a horizontal move over 50 px changes the episode, unless the
 * touch scrolled more than 10 px vertically. Returns -1 (previous), 1 (next) or 0.
 */
export function swipeDirection(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dy) > SWIPE.scrollTolerance) return 0;
  if (Math.abs(dx) <= SWIPE.minHorizontal) return 0;
  return dx < 0 ? 1 : -1;
}

/** Milestones newly reached at this position (player.md §7 Analytics: 25, 50, 75, 100). */
export function reachedMilestones(position: number, duration: number, already: ReadonlySet<number>): number[] {
  if (!(duration > 0)) return [];
  const percent = (position / duration) * 100;
  return VIDEO_MILESTONES.filter((milestone) => percent >= milestone - 0.5 && !already.has(milestone));
}
