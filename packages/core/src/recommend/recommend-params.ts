import * as z from 'zod/mini';
import type { TitleSummary } from '../catalogue/types.ts';
import { MOOD_QUERY_MAX_LENGTH, type MoodIntent } from './mood.ts';

/** How many titles the mood box is answered with. */
export const RECOMMEND_LIMIT = 20;
/** Watched titles a request may name (history keeps 100, product.md §9). */
const WATCHED_MAX = 200;

const titleRef = z.string().check(z.regex(/^(movie|tv):\d{1,9}$/, 'must be movie:ID or tv:ID items joined by commas'));

/**
 * GET /api/recommend (DESIGN.md). Besides the text, a browser may describe its user: the titles
 * already watched (never recommended again) and, when personalised recommendations are allowed,
 * the favourite genres. A signed-in user's own history and settings are read on the server too.
 */
export const recommendParamsSchema = z.strictObject({
  q: z
    .string({ message: 'is required' })
    .check(
      z.trim(),
      z.minLength(1, 'must not be blank'),
      z.maxLength(MOOD_QUERY_MAX_LENGTH, `must be ${MOOD_QUERY_MAX_LENGTH} characters or fewer`),
    ),
  type: z.optional(z.enum(['movie', 'tv'], { message: 'must be movie or tv' })),
  watched: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(WATCHED_MAX * 14)),
        z.transform((value: string) => value.split(',').filter(Boolean)),
      ),
      z.array(titleRef).check(z.maxLength(WATCHED_MAX, `must name at most ${WATCHED_MAX} titles`)),
    ),
  ),
  /**
   * Titles the viewer said "Not interested" to (DESIGN.md "Hide watched, not interested"): left out
   * like watched ones, without shaping the ranking.
   */
  exclude: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(WATCHED_MAX * 14)),
        z.transform((value: string) => value.split(',').filter(Boolean)),
      ),
      z.array(titleRef).check(z.maxLength(WATCHED_MAX, `must name at most ${WATCHED_MAX} titles`)),
    ),
  ),
  genres: z.optional(
    z.pipe(
      z.pipe(
        z.string().check(z.regex(/^\d{1,6}(,\d{1,6})*$/, 'must be genre ids joined by commas')),
        z.transform((value: string) => [...new Set(value.split(',').map(Number))]),
      ),
      z.array(z.number()).check(z.maxLength(30, 'must name at most 30 genres')),
    ),
  ),
  personalize: z._default(
    z.pipe(
      z.enum(['true', 'false'], { message: 'must be true or false' }),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
    true,
  ),
});
export type RecommendParams = z.output<typeof recommendParamsSchema>;

/** A recommended title: its card fields and why it was picked. */
export type Recommendation = TitleSummary & { reason: string };

export interface RecommendAnswer {
  results: Recommendation[];
  /** What the request was understood to ask for, for the box to show. */
  intent: MoodIntent;
  /** The catalogue's title the request compared to ("like The Matrix"), when it was found. */
  reference: { id: number; media_type: 'movie' | 'tv'; title: string } | null;
  /** Whether the user's own genres and history shaped the ranking. */
  personalized: boolean;
}
