/**
 * Runs `ticks` process.nextTick callbacks one after another, before the server starts its work.
 *
 * V8 optimises Node's `process.nextTick` for the calls it has seen. When that first happens while
 * PGlite starts (its start alone does it), the code V8 keeps makes every later call about four
 * times slower: 210-250 ns against 40-70 ns, measured in the running server, and a request to the
 * API makes many (streams, sockets, Fastify). Optimised first on this plain chain, and again later
 * with what the server adds, it stays fast: the cached details answered 6-20 % more requests per
 * second at 50 connections (bench/, PGlite, four pairs of alternating runs).
 */
export function primeTickQueue(ticks = 50_000): Promise<number> {
  return new Promise((resolve) => {
    let ran = 0;
    const tick = () => {
      ran += 1;
      if (ran >= ticks) resolve(ran);
      else process.nextTick(tick);
    };
    process.nextTick(tick);
  });
}
