/**
 * The environment `npm start` gives the server process (scripts/start.mjs), which the benchmarks
 * give it too, so that they measure what users run. Each is a default: the caller's environment wins.
 *
 * MALLOC_ARENA_MAX: glibc gives each thread that allocates (V8's compiler threads compiling
 * PGlite's WebAssembly, libuv's pool hashing passwords) an arena of its own and keeps what was
 * freed there; the first start's catalogue import left about 100 MB of such memory resident
 * (issue 28). Two arenas keep the main thread's apart from the others.
 */
export const SERVER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2' };
