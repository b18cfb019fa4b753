import * as z from 'zod/mini';
import { MAX_TITLE_TOKENS, parseTitleTokens } from '../library/hiding.ts';

/** The account's own sets a signed-in request may ask the server to leave out. */
export const HIDE_SETS = ['hidden', 'watched'] as const;
export type HideSet = (typeof HIDE_SETS)[number];

const titleTokens = z.string().check(
  z.refine((text) => parseTitleTokens(text) !== null, 'must be titles like movie:603,tv:1399 joined by ,'),
  z.refine((text) => text.split(',').length <= MAX_TITLE_TOKENS, `must name at most ${MAX_TITLE_TOKENS} titles`),
);

/**
 * What a list request may leave out (DESIGN.md "Hide watched, not interested"), beside its own
 * parameters: `exclude` names titles (a guest's hidden and watched ones, or an account's changes
 * not synced yet); `hide` asks for the signed-in account's sets, read on the server. A request
 * with neither is the plain, publicly cached one.
 */
export const exclusionParamsSchema = z.object({
  exclude: z.optional(titleTokens),
  hide: z.optional(
    z.string().check(z.regex(/^(hidden|watched)(,(hidden|watched))?$/, 'must be hidden, watched or hidden,watched')),
  ),
});
export type ExclusionParams = z.infer<typeof exclusionParamsSchema>;

/** GET /api/catalogue/facts: `ids` = titles like movie:603,tv:1399. */
export const titleFactsParamsSchema = z.object({ ids: titleTokens });
