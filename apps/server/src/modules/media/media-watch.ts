import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MediaLibrary } from './media-library.ts';
import { videoContentType } from './media-names.ts';

export interface WatchOptions {
  /** Quiet time after the last change before the rescan (a copy in progress sends many events). */
  settleMs?: number;
  /** Poll period when the system cannot watch the folder (inotify limits, network shares). */
  pollMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

/** Whether a changed name can change the index: a video file, or a folder (a name without extension). */
function matters(name: string | null): boolean {
  if (!name) return true;
  const base = path.basename(name);
  if (base.startsWith('.')) return false;
  return videoContentType(base) !== null || path.extname(base) === '';
}

/** Names, sizes and modification times of every entry under `root`: what the poll compares. */
async function signature(root: string, relative = ''): Promise<string> {
  const parts: string[] = [];
  const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) parts.push(`${child}/`, await signature(root, child));
    else if (videoContentType(entry.name)) {
      const info = await stat(path.join(root, child)).catch(() => null);
      parts.push(`${child}:${info?.size ?? ''}:${info?.mtimeMs ?? ''}`);
    }
  }
  return parts.join('\n');
}

/**
 * Keeps the Library's index current without the operator: a recursive watch of MEDIA_DIR (Linux
 * has it since Node 20, macOS and Windows before) rescans once changes have settled; a change
 * during a scan brings another one after it. Where watching fails, the folder is polled instead.
 * Returns the stop function.
 */
export function watchMediaDir(library: MediaLibrary, root: string, options: WatchOptions = {}): () => void {
  const settleMs = options.settleMs ?? 1000;
  const pollMs = options.pollMs ?? 10_000;
  const log = options.log ?? console;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let scanning = false;
  let again = false;

  async function rescan() {
    if (scanning) {
      again = true;
      return;
    }
    scanning = true;
    try {
      do {
        again = false;
        await library.rescan();
      } while (again && !stopped);
    } finally {
      scanning = false;
    }
  }
  const changed = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void rescan(), settleMs);
    if (scanning) again = true;
  };

  let watcher: FSWatcher | null = null;
  let poll: NodeJS.Timeout | undefined;
  try {
    watcher = watch(root, { recursive: true, persistent: false }, (_event, name) => {
      if (matters(typeof name === 'string' ? name : null)) changed();
    });
    watcher.on('error', (error) => {
      log.warn({ err: error }, 'media: watching MEDIA_DIR failed; polling it instead');
      watcher?.close();
      watcher = null;
      startPolling();
    });
  } catch (error) {
    log.warn({ err: error }, 'media: MEDIA_DIR cannot be watched; polling it instead');
    startPolling();
  }

  function startPolling() {
    if (stopped || poll) return;
    let last: string | null = null;
    const tick = async () => {
      const now = await signature(root);
      if (last !== null && now !== last) changed();
      last = now;
      if (!stopped) poll = setTimeout(() => void tick(), pollMs).unref();
    };
    void tick();
  }

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(poll);
    watcher?.close();
  };
}
