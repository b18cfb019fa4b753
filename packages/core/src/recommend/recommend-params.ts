import { z } from 'zod';
import type { TitleSummary } from '../catalogue/types.ts';
import { MOOD_QUERY_MAX_LENGTH, type MoodIntent } from './mood.ts';

/** How many titles the mood box is answered with. */
export const RECOMMEND_LIMIT = 20;
/** Watched titles a request may name (history keeps 100, product.md §9). */
const WATCHED_MAX = 200;

const titleRef = z.string().regex(/^(movie|tv):\d{1,9}$/, 'must be movie:ID or tv:ID items joined by commas');

/**
 * GET /api/recommend (DESIGN.md). Besides the text, a browser may describe its user: the titles
 * already watched (never recommended again) and, when personalised recommendations are allowed,
 * the favourite genres. A signed-in user's own history and settings are read on the server too.
 */
export const recommendParamsSchema = z
  .object({
    q: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'must not be blank')
      .max(MOOD_QUERY_MAX_LENGTH, `must be ${MOOD_QUERY_MAX_LENGTH} characters or fewer`),
    type: z.enum(['movie', 'tv'], { message: 'must be movie or tv' }).optional(),
    watched: z
      .string()
      .max(WATCHED_MAX * 14)
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(titleRef).max(WATCHED_MAX, `must name at most ${WATCHED_MAX} titles`))
      .optional(),
    genres: z
      .string()
      .regex(/^\d{1,6}(,\d{1,6})*$/, 'must be genre ids joined by commas')
      .transform((value) => [...new Set(value.split(',').map(Number))])
      .pipe(z.array(z.number()).max(30, 'must name at most 30 genres'))
      .optional(),
    personalize: z
      .enum(['true', 'false'], { message: 'must be true or false' })
      .transform((value) => value === 'true')
      .default(true),
  })
  .strict();
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
