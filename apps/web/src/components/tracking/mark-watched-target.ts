import type { MarkWatchedScope, MarkWatchedTitle } from '@marquee/core';

export function titleName(title: Pick<MarkWatchedTitle, 'title' | 'name'>): string {
  return title.title ?? title.name ?? '';
}

/** What a mark covers, in words: "The Matrix", "Season 2 of Chronicle", "S1 · E3 of Chronicle". */
export function describeTarget(title: MarkWatchedTitle, target: MarkWatchedScope): string {
  const name = titleName(title);
  if (target.scope === 'season') return `Season ${target.season_number} of ${name}`;
  if (target.scope === 'episode') return `S${target.season_number} · E${target.episode_number} of ${name}`;
  return title.media_type === 'tv' ? `Every aired episode of ${name}` : name;
}

/** "Watched 3 times", once something has been watched more than once (issue 30: plays). */
export function playsText(plays: number): string | null {
  return plays > 1 ? `Watched ${plays.toLocaleString('en-US')} times` : null;
}
