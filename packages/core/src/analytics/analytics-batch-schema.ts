import * as z from 'zod/mini';
import { isoTimestampSchema } from '../library/common-schema.ts';
import { ANALYTICS_LIMITS, ANALYTICS_USER_TYPES, isAnalyticsEventName, PARAM_KEY } from './analytics-events.ts';

// The server's check of POST /api/events, apart from analytics-events.ts: the browser's
// analytics, on every page, loads that one, without zod.

const paramValueSchema = z.union(
  [
    z
      .string()
      .check(
        z.maxLength(
          ANALYTICS_LIMITS.paramStringLength,
          `must be ${ANALYTICS_LIMITS.paramStringLength} characters or fewer`,
        ),
      ),
    z.number().check(z.refine(Number.isFinite, 'must be a finite number')),
    z.boolean(),
    z.null(),
  ],
  { message: 'must be a string, number, boolean or null' },
);

const paramsSchema = z
  .record(
    z
      .string()
      .check(
        z.maxLength(ANALYTICS_LIMITS.paramKeyLength, 'has a key that is too long'),
        z.regex(PARAM_KEY, 'keys must be lower_snake_case'),
      ),
    paramValueSchema,
  )
  .check(
    z.refine(
      (params) => Object.keys(params).length <= ANALYTICS_LIMITS.paramsPerEvent,
      `must have ${ANALYTICS_LIMITS.paramsPerEvent} keys or fewer`,
    ),
  );

const eventSchema = z.strictObject({
  name: z.string({ message: 'is required' }).check(z.refine(isAnalyticsEventName, 'is not a known event')),
  params: z._default(paramsSchema, {}),
  at: isoTimestampSchema,
  session_id: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'))),
  // Who the sender says it is is never stored: the server takes the user from the session
  // (product.md §6), so a client cannot attribute events to someone else.
  user_id: z.optional(z.string().check(z.maxLength(100))),
  user_type: z.optional(z.enum(ANALYTICS_USER_TYPES)),
  page: z.optional(
    z
      .string()
      .check(
        z.maxLength(ANALYTICS_LIMITS.pageLength, `must be ${ANALYTICS_LIMITS.pageLength} characters or fewer`),
        z.startsWith('/', 'must be a path'),
      ),
  ),
  app_version: z.optional(z.string().check(z.regex(/^[\w.+-]{1,20}$/, 'must be a version number'))),
});

/**
 * The body of POST /api/events. `consent.shareWatchHistory` is the sender's privacy setting at
 * the time of these events: only with it does the server attach the session's user id and type.
 */
export const analyticsBatchSchema = z.strictObject({
  events: z
    .array(eventSchema, { message: 'is required' })
    .check(
      z.minLength(1, 'must not be empty'),
      z.maxLength(ANALYTICS_LIMITS.eventsPerBatch, `must hold ${ANALYTICS_LIMITS.eventsPerBatch} events or fewer`),
    ),
  consent: z.prefault(z.strictObject({ shareWatchHistory: z.boolean() }), { shareWatchHistory: false }),
});
