import type { SyncOperation } from '@marquee/core';
import { afterEach, describe, expect, it } from 'vitest';
import { getHistoryStore } from '@/lib/local-store/history-store.ts';
import { importedWatch } from '@/test/import-fixtures.ts';
import { applyImportInParts, IMPORT_FLUSH_SIZE } from './apply-import.ts';

afterEach(() => localStorage.clear());

const watched = (id: number): SyncOperation =>
  importedWatch(id, new Date(Date.UTC(2015, 0, 1) + id * 60_000).toISOString());

describe("an account's large import (issue 31)", () => {
  it('is queued a part at a time, each part sent before the next is taken, and counted whole', async () => {
    const history = getHistoryStore();
    const total = 2 * IMPORT_FLUSH_SIZE + 500;
    const operations = Array.from({ length: total }, (_, index) => watched(index + 1));
    const queuedAtFlush: number[] = [];
    const progress: number[] = [];
    // The sync, as far as the stores see it: the queue is sent, and the server took it.
    const flush = async () => {
      const queue = history.getQueue();
      queuedAtFlush.push(queue.length);
      history.completeSync({ flushed: queue, at: new Date() });
    };

    const applied = await applyImportInParts(operations, flush, (done) => progress.push(done));

    expect(queuedAtFlush).toEqual([IMPORT_FLUSH_SIZE, IMPORT_FLUSH_SIZE, 500]);
    expect(progress).toEqual([IMPORT_FLUSH_SIZE, 2 * IMPORT_FLUSH_SIZE, total]);
    expect(applied.history).toBe(total);
    expect(history.getQueue()).toEqual([]);
    // The same operations again: nothing newer, nothing queued (the newest entries are held here).
    const again = await applyImportInParts(operations.slice(-100), flush);
    expect(again.history).toBe(0);
  });
});
