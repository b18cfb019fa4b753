import * as z from 'zod/mini';
import { MAX_STORED_INTEGER } from './common.ts';
import { contentTypeSchema, isoTimestampSchema, movieIdSchema, movieTitleSchema } from './common-schema.ts';
import { HISTORY_SOURCES } from './history.ts';

// The server's zod schemas of a history entry and its sync operations (the request body of
// `POST /api/me/sync`, an import's entries). The browser checks the same with history.ts's
// validators, which validators.test.ts holds to these.

const episodePart = z.number().check(z.int(), z.gte(1), z.lte(MAX_STORED_INTEGER));

/**
 * A viewing-history entry (product.md §3 "History item", player.md §3 "History entry").
 *
 * Fields that an older or hand-edited entry may lack default to their empty value, so that such
 * an entry is kept on read; the identifying fields (id, movie_id, movie_title, content_type,
 * watched_at) are required and an entry without them is dropped.
 */
const historyItemObject = z.object({
  id: z.string().check(z.minLength(1)),
  movie_id: movieIdSchema,
  movie_title: movieTitleSchema,
  movie_poster: z._default(z.nullable(z.string()), null),
  content_type: contentTypeSchema,
  watched_at: isoTimestampSchema,
  /** Seconds watched so far. */
  duration_watched: z._default(z.number().check(z.gte(0)), 0),
  /**
   * Seconds in the whole title or episode, when the player knows it. Marquee's addition to the
   * spec's fields: the 90 % completion rule needs it.
   */
  total_duration: z._default(z.nullable(z.number().check(z.positive())), null),
  completed: z._default(z.boolean(), false),
  /** Local only: false until the server has this version of the entry. */
  synced: z._default(z.boolean(), false),
  season_number: z._default(z.nullable(episodePart), null),
  episode_number: z._default(z.nullable(episodePart), null),
  episode_title: z._default(z.nullable(z.string()), null),
  /** How the entry came (DESIGN.md "Sync stores"): the player, marked by hand, an import, a webhook. */
  source: z._default(z.enum(HISTORY_SOURCES), 'player'),
  /**
   * How many times it was watched (DESIGN.md "Tracking"): watching it again on purpose (marking it
   * watched again, a rewatch in an import) adds a play; the player's progress does not.
   */
  play_count: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_STORED_INTEGER)), 1),
  // Written by the player so that history cards need no catalogue call (player.md §3).
  backdrop_path: z.optional(z.nullable(z.string())),
  release_date: z.optional(z.nullable(z.string())),
  vote_average: z.optional(z.nullable(z.number())),
  overview: z.optional(z.nullable(z.string())),
});

/** A film is one entry: a season or an episode names part of a series (issue 30: bad input refused). */
const filmHasNoEpisodes = z.refine<z.output<typeof historyItemObject>>(
  (item) => item.content_type === 'tv' || (item.season_number === null && item.episode_number === null),
  { message: 'A film has no seasons or episodes', path: ['season_number'] },
);

/** A viewing-history entry (the fields above); a film names no season or episode. */
export const historyItemSchema = historyItemObject.check(filmHasNoEpisodes);

/**
 * What a caller gives to add an entry: id, watched_at and synced are set by the rule, which drops a
 * season or episode given for a film.
 */
export const historyAddInputSchema = z.omit(historyItemObject, { id: true, watched_at: true, synced: true });

/** What a removal needs to name a history entry: its merge key fields (product.md §9). */
export const historyRefSchema = z.pick(historyItemObject, {
  movie_id: true,
  content_type: true,
  season_number: true,
  episode_number: true,
});

/**
 * A queued change to the history, as `POST /api/me/sync` takes it (DESIGN.md "HTTP API contract"):
 * an upsert carries the whole entry, a removal its key fields, a clear (`remove_all`) only its time.
 */
export const historyOperationSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('upsert'), store: z.literal('history'), item: historyItemSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove'), store: z.literal('history'), item: historyRefSchema, at: isoTimestampSchema }),
  z.object({ op: z.literal('remove_all'), store: z.literal('history'), at: isoTimestampSchema }),
]);
