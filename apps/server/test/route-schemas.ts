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
  anySyncOperationSchema,
  calendarQuerySchema,
  titleIdSchema,
  topRatedParamsSchema,
} from '@marquee/core';
import { analyticsBatchSchema } from '@marquee/core/analytics/analytics-batch-schema';
import { ANALYTICS_EVENT_NAMES } from '@marquee/core/analytics/analytics-events';
import { SIZES, stillParams, titleArtParams } from '../src/modules/art/art.routes.ts';
import {
  commentIdParams,
  commentText,
  countsQuery,
  newComment,
  titleQuery,
} from '../src/modules/comments/comments.routes.ts';
import { sessionQuery } from '../src/modules/events/events.routes.ts';
import { feedParams } from '../src/modules/calendar/calendar.routes.ts';
import { deleteAccountBody, exportQuery } from '../src/modules/account-data/account-data.routes.ts';
import { feedbackSchema } from '../src/modules/feedback/feedback.routes.ts';
import { historyQuery, SYNC_BATCH_LIMIT } from '../src/modules/me/me.routes.ts';
import { profilePatchSchema, username } from '../src/modules/me/profile.routes.ts';
import { hlsParams, hlsQuery, playQuery, streamParams, subtitleParams } from '../src/modules/media/media.routes.ts';
import { renewBody, unmatchedIdParams, webhookParams } from '../src/modules/webhooks/webhooks.routes.ts';
import { statsQuery } from '../src/modules/stats/stats.routes.ts';
import { titleFactsParamsSchema } from '@marquee/core/catalogue/exclusions';
import { availabilityParamsSchema, availableParamsSchema } from '@marquee/core/catalogue/availability';
import * as zm from 'zod/mini';
import type { Hints, Schema } from './fuzz/zod-arbitrary.ts';

/**
 * What each endpoint parses its input with, for the fuzzer to derive requests from: the schemas
 * packages/core and the route modules export, used as they are. better-auth's endpoints bring
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

const sizeHint = { values: fc.constantFrom(...SIZES) };
const usernameHint = {
  values: fc.stringMatching(/^[A-Za-z0-9._-]{3,30}$/),
  edges: ['abc', 'ab', 'a'.repeat(30), 'a'.repeat(31), 'ünïcødé', 'film_fan', 'FILM_FAN', 'has space'],
};

// me.routes.ts: syncRequestSchema, with the handler's batch limit as the array's maximum.
const syncRequest = z.object({
  operations: z.array(anySyncOperationSchema).max(SYNC_BATCH_LIMIT),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/)
    .nullable()
    .optional(),
});

const titleQueryHints: Hints = { content_id: { edges: ['550', '2147483647', '2147483648'] } };

export const INPUTS = {
  discover: {
    // available=1 (the Available to watch filter) is parsed beside the discover parameters.
    query: zm.extend(discoverParamsSchema, availableParamsSchema.shape),
    hints: {
      primary_release_year: { edges: [1900, 1899, currentYear + 2, currentYear + 3] },
      with_watch_providers: { values: fc.constantFrom('8', '8,9', '8|337', '2'), edges: ['8,', '8,|9', 'a'] },
      watch_region: { values: fc.constantFrom('US', 'GB', 'DE', 'FR'), edges: ['us', 'USA', 'U1'] },
      with_genres: { values: fc.constantFrom('18', '18,35', '28|12', '10759') },
    },
  },
  search: { query: searchParamsSchema },
  stats: { query: statsQuery, hints: { year: { edges: [1900, 1899, 2100, 2101] } } },
  titleFacts: {
    query: titleFactsParamsSchema,
    hints: {
      ids: {
        values: fc
          .array(fc.constantFrom('movie:550', 'tv:1', 'movie:2292', 'tv:22'), { minLength: 1, maxLength: 4 })
          .map(String),
        edges: [ids(500).join(','), ids(501).join(','), 'movie:1,,tv:2', 'film:1', 'movie:2147483648'],
      },
    },
  },
  availability: {
    query: availabilityParamsSchema,
    hints: {
      ids: {
        values: fc
          .array(fc.constantFrom('movie:550', 'tv:1', 'movie:2292', 'tv:22'), { minLength: 1, maxLength: 4 })
          .map(String),
        edges: [ids(100).join(','), ids(101).join(','), 'movie:1,,tv:2', 'film:1', 'movie:2147483648'],
      },
    },
  },
  historyPage: { query: historyQuery },
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
  mediaPlay: { params: streamParams, query: playQuery },
  mediaHls: { params: hlsParams, query: hlsQuery },
  mediaSubtitle: { params: subtitleParams },
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
  editComment: { params: commentIdParams, body: z.object({ content: commentText }).strict() },
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
  accountExport: { query: exportQuery },
  deleteAccount: { body: deleteAccountBody, hints: { password: { edges: ['', 'p'.repeat(128), 'p'.repeat(129)] } } },
  unmatchedReport: { params: unmatchedIdParams },
  renewWebhooks: { body: renewBody },
  webhook: { params: webhookParams },
  devEvents: { query: sessionQuery },
  // Issue 30: a range of days (to not before from, at most 92 days apart) and the feed's address.
  calendar: {
    query: calendarQuerySchema,
    hints: {
      from: {
        values: fc.constantFrom('2008-01-20', '2024-02-29'),
        edges: ['1900-01-01', '1899-12-31', '3000-01-01', '2025-02-29'],
      },
      to: { values: fc.constantFrom('2008-03-09', '2024-03-31'), edges: ['2099-12-31', '2100-01-01', '2008-01-19'] },
    },
  },
  calendarFeed: { params: feedParams },
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
