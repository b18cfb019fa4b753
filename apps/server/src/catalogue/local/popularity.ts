/** Half-life, in years, of the boost a recent release gets. */
export const POPULARITY_HALF_LIFE_YEARS = 2;

/** How many times more popular a film is on its release day than long after, for the same votes. */
export const POPULARITY_MAX_RECENCY_BOOST = 8;

const MS_PER_YEAR = 365.25 * 24 * 60 * 60 * 1000;

/**
 * A TMDB-like popularity score for a title of the local catalogue, which has no traffic figures of
 * its own: how many people rated it, boosted while it is recent.
 *
 * ```
 * popularity = (0.5 + log10(1 + votes)² + rating / 10) × (1 + 7 × 2^(−age / 2))
 * ```
 *
 * - `votes` (≥ 0; missing = 0): the squared log keeps a 500,000-vote blockbuster ahead of a
 *   5,000-vote film (32.5 against 13.7) without dwarfing it the way raw counts would.
 * - `rating / 10` (0–10; missing = 0): a small term, at most 1, that breaks ties between films
 *   with few votes.
 * - `0.5`: the floor, so that every title scores above zero.
 * - `age`: years from the release date to `now` (a future release counts as age 0). The boost is
 *   ×8 on release day and halves its excess every {@link POPULARITY_HALF_LIFE_YEARS} years: ×4.5
 *   at 2 years, ×2.75 at 4, ×1.22 at 10, ≈×1 for classics. Without a date there is no boost.
 *
 * The result is positive and rounded to 3 decimals; it ranges from 0.5 (an old film nobody rated)
 * to about 300 (a million votes on release day), like TMDB's scores. It never decreases when the
 * votes or the rating grow, nor when the release date is later (up to `now`).
 */
export function popularity(
  input: { voteCount: number | null; voteAverage: number | null; releaseDate: string | null },
  now: Date,
): number {
  const nowMs = now.getTime();
  if (Number.isNaN(nowMs)) throw new RangeError('popularity: now is not a valid date');

  const votes = finiteOr0(input.voteCount, Number.MAX_VALUE);
  const rating = finiteOr0(input.voteAverage, 10);
  const base = 0.5 + Math.log10(1 + votes) ** 2 + rating / 10;

  const releasedMs = parseIsoDay(input.releaseDate);
  const recency =
    releasedMs === null
      ? 1
      : 1 +
        (POPULARITY_MAX_RECENCY_BOOST - 1) *
          2 ** (-Math.max(0, (nowMs - releasedMs) / MS_PER_YEAR) / POPULARITY_HALF_LIFE_YEARS);

  return Math.round(base * recency * 1000) / 1000;
}

/** The value clamped to [0, max]; missing, NaN and negative values count as 0. */
function finiteOr0(value: number | null, max: number): number {
  if (value === null || Number.isNaN(value) || value < 0) return 0;
  return Math.min(value, max);
}

/** Midnight UTC of a `YYYY-MM-DD` day, or null when the text is not a real day. */
function parseIsoDay(value: string | null): number | null {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : null;
}
