import * as z from 'zod/mini';
import { MAX_STORED_INTEGER } from './common.ts';

// The server's zod schemas of the fields history and Watch Later items share (product.md §5
// "History add"); the browser's validators are in common.ts, held to these by validators.test.ts.
export const movieIdSchema = z
  .number({ message: 'Invalid movie_id provided' })
  .check(
    z.int('Invalid movie_id provided'),
    z.positive('Invalid movie_id provided'),
    z.lte(MAX_STORED_INTEGER, 'Invalid movie_id provided'),
  );
export const movieTitleSchema = z
  .string({ message: 'Invalid movie_title provided' })
  .check(z.refine((title) => title.trim().length > 0, 'Invalid movie_title provided'));
export const contentTypeSchema = z.enum(['movie', 'tv'], { message: 'Invalid content_type provided' });
/** Server timestamps may carry an offset (`+00:00`); local ones are `Date#toISOString()`. */
export const isoTimestampSchema = z.iso.datetime({ offset: true, message: 'Invalid timestamp' });
