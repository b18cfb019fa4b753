/**
 * The episode a player's address names (`?season=2&episode=3`): on /watch and on a detail page's
 * watching view alike, the address follows the episode on screen, so a reload or a copied link
 * opens it again (issue 29).
 */

/** A positive whole number from a search parameter; anything else is null. */
export function positiveIntParam(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** The episode the address names, when it names both a season and an episode. */
export function episodeInAddress(search: URLSearchParams): { season: number; episode: number } | null {
  const season = positiveIntParam(search.get('season'));
  const episode = positiveIntParam(search.get('episode'));
  return season !== null && episode !== null ? { season, episode } : null;
}

/** `current` naming `season` and `episode`; the same object when it already does. */
export function withEpisode(current: URLSearchParams, season: number, episode: number): URLSearchParams {
  if (current.get('season') === String(season) && current.get('episode') === String(episode)) return current;
  const next = new URLSearchParams(current);
  next.set('season', String(season));
  next.set('episode', String(episode));
  return next;
}
