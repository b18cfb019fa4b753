import { formatDay, formatDecimal, groupDigits } from '@/lib/format.ts';

export { formatHours } from '@/lib/format.ts';

/**
 * Formatting rules of the detail screen (product.md §2 "Detail screen", player.md §9). Dates from
 * the catalogue are calendar days ("1999-10-15"), so they are read and printed in UTC: a viewer
 * west of Greenwich must not see the day before.
 */

function parseDay(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "October 15, 1999", or "TBA" when the date is missing or unreadable (product.md §2 Details). */
export function formatLongDate(value: string | null | undefined): string {
  const date = parseDay(value);
  return date ? formatDay(date, 'long', 'UTC') : 'TBA';
}

/** "Jan 20, 2008" for an episode's air date (player.md §9); null when unknown. */
export function formatShortDate(value: string | null | undefined): string | null {
  const date = parseDay(value);
  return date ? formatDay(date, 'short', 'UTC') : null;
}

/** "139 min"; null when unknown or zero. */
export function formatMinutes(minutes: number | null | undefined): string | null {
  return minutes && minutes > 0 ? `${Math.round(minutes)} min` : null;
}

/** "$63.0M": dollars in millions, shown only above 0 (product.md §2 Details); null otherwise. */
export function formatMillions(dollars: number | null | undefined): string | null {
  if (!dollars || dollars <= 0) return null;
  return `$${formatDecimal(dollars / 1_000_000, 1)}M`;
}

/** "1 Season" / "5 Seasons" (product.md §2 Hero: season count with plural). */
export function formatSeasons(count: number): string {
  return `${count} ${count === 1 ? 'Season' : 'Seasons'}`;
}

/** "1 episode" / "13 episodes". */
export function formatEpisodes(count: number): string {
  return `${count} ${count === 1 ? 'episode' : 'episodes'}`;
}

/** A rating to one decimal ("8.8"); null when the title has no votes yet (0). */
export function formatRating(rating: number | null | undefined): string | null {
  return rating && rating > 0 ? rating.toFixed(1) : null;
}

/** "382,470". */
export function formatCount(value: number): string {
  return groupDigits(value);
}

/** The season-and-episode label of the history card (product.md §2 History): "S2 · E5". */
export function episodeLabel(season: number, episode: number): string {
  return `S${season} · E${episode}`;
}
