import { describe, expect, it } from 'vitest';
import { primeTickQueue } from './prime-tick-queue.ts';

describe('primeTickQueue', () => {
  it('runs the ticks one after another, each in its own nextTick, then resolves with their number', async () => {
    const order: string[] = [];
    process.nextTick(() => order.push('queued before'));
    const primed = primeTickQueue(3).then((ran) => order.push(`primed ${ran}`));
    process.nextTick(() => order.push('queued after the first tick'));
    await primed;
    // The chain's later ticks queue behind what was already queued: it never holds the loop.
    expect(order).toEqual(['queued before', 'queued after the first tick', 'primed 3']);
  });

  it('runs at least one tick', async () => {
    await expect(primeTickQueue(0)).resolves.toBe(1);
  });
});
