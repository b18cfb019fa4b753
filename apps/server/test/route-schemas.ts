import fc from 'fast-check';
import { z } from 'zod';
import {
  discoverParamsSchema,
  FAVORITE_GENRE_CHOICES,
  genresParamsSchema,
  listIdSchema,
  listPageParamsSchema,
  mediaTypeSchema,
  recommendParamsSchema,
  searchParamsSchema,
  seasonNumberSchema,
  syncOperationSchema,
  titleIdSchema,
  topRatedParamsSchema,
  USERNAME_PATTERN,
} from '@marquee/core';
import { ANALYTICS_EVENT_NAMES, analyticsBatchSchema } from '@marquee/core/analytics/analytics-events';
import { IMAGE_SIZES } from '../src/modules/app-config/app-config.routes.ts';
import { COMMENT_MAX_LENGTH, countsQuery } from '../src/modules/comments/comments.routes.ts';
import { FEEDBACK_TYPES } from '../src/modules/feedback/feedback.routes.ts';
import { SYNC_BATCH_LIMIT } from '../src/modules/me/me.routes.ts';
import type { Hints, Schema } from './fuzz/zod-arbitrary.ts';

/**
 * What each endpoint parses its input with, for the fuzzer to derive requests from. Schemas that
 * packages/core or a module exports are used as they are; those a route module keeps to itself are
 * repeated here, each under the name it has there (the fuzz suite fails when a request such a copy
 * refuses is accepted, so a copy stricter than its original shows). better-auth's endpoints bring
 * their own schemas (auth.api), read by the suite. Hints name valid values a refinement hides.
 */
export interface RouteInput {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  hints?: Hints;
}

const currentYear = new Date().getUTCFullYear();
const ids = (count: number, type = 'movie') => Array.from({ length: count }, (_, index) => `${type}:${index + 1}`);

// catalogue.routes.ts
const idParams = z.object({ id: titleIdSchema });
const seasonParams = z.object({ id: titleIdSchema, n: seasonNumberSchema });
const similarParams = z.object({ type: mediaTypeSchema, id: titleIdSchema });

// art.routes.ts
const SIZES = new Set<string>([...IMAGE_SIZES.poster_sizes, ...IMAGE_SIZES.backdrop_sizes, ...IMAGE_SIZES.still_sizes]);
const size = z.string().refine((value) => SIZES.has(value), 'is not an image size');
const svgId = z
  .string()
  .regex(/^\d{1,10}\.svg$/, 'must be a number followed by .svg')
  .transform((value) => Number(value.slice(0, -4)));
const titleArtParams = z.object({
  size,
  kind: z.enum(['poster', 'backdrop']),
  type: mediaTypeSchema,
  file: svgId.pipe(z.number().int().positive().max(2_147_483_647)),
});
const stillParams = z.object({
  size,
  id: titleIdSchema,
  season: seasonNumberSchema,
  file: svgId.pipe(z.number().int().min(1).max(10_000)),
});
const sizeHint = { values: fc.constantFrom(...SIZES) };

// profile.routes.ts
const username = z
  .string()
  .trim()
  .regex(USERNAME_PATTERN, 'must be 3 to 30 letters, digits, dots, dashes or underscores');
const profilePatchSchema = z
  .object({
    username: username.nullable().optional(),
    avatar_url: z
      .string()
      .trim()
      .max(2048, 'must be 2048 characters or fewer')
      .refine((value) => value === '' || /^https?:\/\//i.test(value), 'must start with http:// or https://')
      .refine((value) => value === '' || URL.canParse(value), 'must be a valid URL')
      .nullable()
      .optional(),
  })
  .strict();
const usernameHint = {
  values: fc.stringMatching(/^[A-Za-z0-9._-]{3,30}$/),
  edges: ['abc', 'ab', 'a'.repeat(30), 'a'.repeat(31), 'ünïcødé', 'film_fan', 'FILM_FAN', 'has space'],
};

// media.routes.ts
const streamParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'must be a media file id') });

// feedback.routes.ts
const optionalText = (max: number) => z.string().trim().max(max, `must be ${max} characters or fewer`).optional();
const feedbackSchema = z
  .object({
    name: optionalText(100),
    email: z.string().trim().max(254).optional(),
    feedback_type: z
      .enum(FEEDBACK_TYPES, { message: `must be one of ${FEEDBACK_TYPES.join(', ')}` })
      .default('general'),
    subject: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(200, 'must be 200 characters or fewer'),
    message: z
      .string({ message: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(5000, 'must be 5,000 characters or fewer'),
    rating: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be from 1 to 5')
      .max(5, 'must be from 1 to 5')
      .nullable()
      .optional(),
  })
  .strict();

// comments.routes.ts
const contentType = z.enum(['movie', 'tv'], { message: 'must be movie or tv' });
const contentId = z.coerce
  .number()
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(2_147_483_647, 'is too large');
const titleQuery = z.object({ content_id: contentId, content_type: contentType });
const text = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'cannot be empty')
  .max(COMMENT_MAX_LENGTH, `must be ${COMMENT_MAX_LENGTH.toLocaleString('en-US')} characters or fewer`);
const commentIdParams = z.object({ id: z.string().uuid('is not a comment id') });
const newComment = z
  .object({
    content_id: contentId,
    content_type: contentType,
    content: text,
    parent_id: z.string().uuid('is not a comment id').nullable().optional(),
  })
  .strict();
// events.routes.ts (the dev-only query)
const sessionQuery = z.object({ session_id: z.string({ message: 'is required' }).min(1, 'is required').max(64) });

// me.routes.ts: syncRequestSchema, with the handler's batch limit as the array's maximum.
const syncRequest = z.object({ operations: z.array(syncOperationSchema).max(SYNC_BATCH_LIMIT) });

const titleQueryHints: Hints = { content_id: { edges: ['550', '2147483647', '2147483648'] } };

export const INPUTS = {
  discover: {
    query: discoverParamsSchema,
    hints: {
      primary_release_year: { edges: [1900, 1899, currentYear + 2, currentYear + 3] },
      with_watch_providers: { values: fc.constantFrom('8', '8,9', '8|337', '2'), edges: ['8,', '8,|9', 'a'] },
      watch_region: { values: fc.constantFrom('US', 'GB', 'DE', 'FR'), edges: ['us', 'USA', 'U1'] },
      with_genres: { values: fc.constantFrom('18', '18,35', '28|12', '10759') },
    },
  },
  search: { query: searchParamsSchema },
  topRated: { query: topRatedParamsSchema },
  genres: { query: genresParamsSchema },
  titleId: { params: idParams },
  season: { params: seasonParams },
  similar: { params: similarParams },
  titleArt: {
    params: titleArtParams,
    hints: { size: sizeHint, file: { edges: ['2147483647.svg', '2147483648.svg', '0.svg', '1.svg'] } },
  },
  still: {
    params: stillParams,
    hints: {
      size: sizeHint,
      file: { edges: ['10000.svg', '10001.svg', '0.svg'] },
      season: { edges: ['1000', '1001'] },
    },
  },
  usernameAvailable: { query: z.object({ username }), hints: { username: usernameHint } },
  lists: { query: listPageParamsSchema },
  list: { params: z.object({ id: listIdSchema }), query: listPageParamsSchema },
  recommend: {
    query: recommendParamsSchema,
    hints: {
      watched: {
        values: fc.array(fc.constantFrom('movie:550', 'tv:1', 'movie:2292', 'tv:22'), { maxLength: 4 }).map(String),
        edges: [ids(200).join(','), ids(201).join(','), 'movie:1,,tv:2', 'film:1'],
      },
      genres: {
        values: fc.constantFrom('18', '18,35', '27,35,28'),
        edges: [
          ids(30)
            .map((id) => id.slice(6))
            .join(','),
          ids(31)
            .map((id) => id.slice(6))
            .join(','),
        ],
      },
    },
  },
  mediaTitle: { params: similarParams },
  mediaStream: { params: streamParams },
  feedback: {
    body: feedbackSchema,
    hints: { email: { values: fc.emailAddress(), edges: ['not-an-email', 'a@b', `${'a'.repeat(242)}@example.org`] } },
  },
  events: {
    body: analyticsBatchSchema,
    hints: {
      'events.*.name': { values: fc.constantFrom(...ANALYTICS_EVENT_NAMES) },
      'events.*.params': {
        edges: [
          Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`key_${index}`, index])),
          Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`key_${index}`, index])),
        ],
      },
    },
  },
  titleQuery: { query: titleQuery, hints: titleQueryHints },
  counts: {
    query: countsQuery,
    hints: {
      items: { edges: [ids(100).join(','), ids(101).join(','), 'movie:12345678901', 'tv:2147483647', 'tv:2147483648'] },
    },
  },
  newComment: { body: newComment },
  commentId: { params: commentIdParams },
  editComment: { params: commentIdParams, body: z.object({ content: text }).strict() },
  profile: {
    body: profilePatchSchema,
    hints: {
      username: usernameHint,
      avatar_url: {
        values: fc.constantFrom('https://example.org/me.png', 'http://example.org/a.jpg', ''),
        edges: ['javascript:alert(1)', 'https://', `https://example.org/${'a'.repeat(2029)}`],
      },
    },
  },
  sync: {
    body: syncRequest,
    hints: {
      'operations.*.item.favoriteGenres.*': {
        values: fc.constantFrom(...FAVORITE_GENRE_CHOICES.map((genre) => genre.id)),
      },
      'operations.*.item.customVideoSources.*.movieUrl': {
        values: fc.constantFrom('', 'https://example.org/embed/{movieID}'),
      },
      'operations.*.item.customVideoSources.*.tvUrl': {
        values: fc.constantFrom('', 'https://example.org/embed/{seriesId}/{season}/{episode}'),
      },
      'operations.*.item.gridColumns': { values: fc.integer({ min: 4, max: 8 }) },
      'operations.*.item.continueWatchingLimit': { values: fc.constantFrom(4, 6, 8, 10, 12) },
      'operations.*.item.accessibilitySettings.fontSize': { values: fc.integer({ min: 12, max: 24 }) },
      'operations.*.item.language': { values: fc.constantFrom('en', 'de', 'pt-BR') },
      'operations.*.item.region': { values: fc.constantFrom('US', 'DE', 'BR') },
    },
  },
  devEvents: { query: sessionQuery },
  // Any query at all: every value a query can hold is a text or a list of texts.
  errorPage: { query: z.record(z.string(), z.union([z.string(), z.array(z.string())])) },
  signUp: {
    hints: {
      password: { edges: ['12345', '123456', 'p'.repeat(128), 'p'.repeat(129)] },
      name: { values: fc.constantFrom('', 'fuzz_user'), edges: ['ab', 'a'.repeat(31), 'has space'] },
    },
  },
  passwords: {
    hints: {
      newPassword: { edges: ['12345', '123456', 'p'.repeat(128), 'p'.repeat(129)] },
      password: { edges: ['12345', 'p'.repeat(129)] },
    },
  },
} satisfies Record<string, RouteInput>;
