import { config } from 'zod/v4/core';

/**
 * Makes zod parse without generated code in a browser. Classic zod compiles object parsers with
 * `new Function` when it may, and probes for it on the first parse: under the app's CSP (no
 * `unsafe-eval`) that probe is refused and reported as a violation on every page load. The core
 * schemas are zod/mini ones, whose objects never compile, but they share this one global config
 * (`zod/v4/core`) with classic zod: the setting keeps any classic object schema that reaches the
 * browser (a library's, a new module's) from compiling or probing. The web app calls it before any
 * schema is built (they are built as their modules load, and a classic object reads the setting
 * then); the server keeps compiling its own classic schemas.
 */
export function parseWithoutCompiling(): void {
  config({ jitless: true });
}
