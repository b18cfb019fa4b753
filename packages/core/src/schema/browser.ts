import { config } from 'zod/v4/core';

/**
 * Makes the schemas parse without generated code in a browser. zod compiles object parsers with
 * `new Function` when it may, and probes for it on the first parse: under the app's CSP (no
 * `unsafe-eval`) that probe is refused and reported as a violation on every page load. Parsing
 * without compiling costs the few objects a page validates nothing noticeable, and the first
 * parse no longer pays for a compilation. The web entry calls it before any other module of the
 * app runs (it imports only zod's small configuration module); the server keeps compiling.
 */
export function parseWithoutCompiling(): void {
  config({ jitless: true });
}
