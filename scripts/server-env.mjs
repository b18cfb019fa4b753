/**
 * The environment `npm start` gives the server process (scripts/start.mjs), which the benchmarks
 * give it too, so that they measure what users run. Each is a default: the caller's environment wins.
 *
 * MALLOC_ARENA_MAX: glibc gives each thread that allocates (V8's compiler threads compiling
 * PGlite's WebAssembly, libuv's pool hashing passwords) an arena of its own and keeps what was
 * freed there; the first start's catalogue import left about 100 MB of such memory resident
 * (issue 28). Two arenas keep the main thread's apart from the others.
 *
 * MALLOC_MMAP_THRESHOLD_: V8 compiles with scratch memory taken from malloc in pieces of 8 and
 * 32 KB, about 80 MB of them at start (PGlite's WebAssembly tiering up, the modules' parsing).
 * glibc kept what was freed, pinned below later allocations: 60-90 MB resident in an idle server.
 * From 32 KB up, a piece is mapped on its own and handed back to the system when freed. Setting it
 * also stops glibc raising the threshold after freeing a large block (its default behaviour).
 */
export const SERVER_ENV = { NODE_ENV: 'production', MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * Node's own flags for the server process, before `--import tsx`.
 *
 * --max-semi-space-size: V8's young generation (two semi-spaces) grew to its 16 MB maximum during
 * the start and stayed resident: 32 MB. SEMI_SPACE_MB keeps it to twice that.
 * --expose-gc: main.ts collects the start's garbage once it listens (the catalogue import's
 * batches, PGlite's first instance, the WebAssembly bytes), which V8 would otherwise leave to its
 * idle-time collection a minute or two later.
 */
export const SEMI_SPACE_MB = 8;
export const SERVER_NODE_ARGS = [`--max-semi-space-size=${SEMI_SPACE_MB}`, '--expose-gc'];
