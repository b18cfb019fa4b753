/**
 * Makes zod parse without generated code in a browser. Classic zod compiles object parsers with
 * `new Function` when it may, and probes for it on the first parse: under the app's CSP (no
 * `unsafe-eval`) that probe is refused and reported as a violation on every page load. The core
 * schemas are zod/mini ones, whose objects never compile, but they share one global config with
 * classic zod: the setting keeps any classic object schema that reaches the browser (a library's,
 * a new module's) from compiling or probing. The web app calls it before any schema is built (a
 * classic object reads the setting as it is built); the server keeps compiling its own schemas.
 *
 * It is written where zod keeps its config (`globalThis.__zod_globalConfig`, which zod adopts
 * when it loads and which `config()` of zod/v4/core changes) rather than through `config()`:
 * importing zod here would put it into every first page's JavaScript, which no longer needs zod
 * (library/validate.ts). browser.test.ts checks that zod reads it, whether it loads before or after.
 */
export function parseWithoutCompiling(): void {
  const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (global.__zod_globalConfig ??= {}).jitless = true;
}
