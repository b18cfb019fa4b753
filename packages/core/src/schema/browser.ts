import { config } from 'zod/v4/core';

/**
 * Makes the schemas parse without generated code in a browser. zod compiles object parsers with
 * `new Function` when it may, and probes for it on the first parse: under the app's CSP (no
 * `unsafe-eval`) that probe is refused and reported as a violation on every page load. Parsing
 * without compiling costs the few objects a page validates nothing noticeable, and the first
 * parse no longer pays for a compilation. The web app calls it before any schema is built (they
 * are built as their modules load); the server keeps compiling.
 */
export function parseWithoutCompiling(): void {
  config({ jitless: true });
}
