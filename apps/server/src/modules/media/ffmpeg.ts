import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

/** Which ffmpeg the Library uses to read and convert files, or why there is none. */
export type FfmpegStatus = { ok: true; path: string; version: string } | { ok: false; reason: string };

/** What a viewer reads when a file needs ffmpeg and the server has none (no server path in it). */
export const NO_FFMPEG_REASON = 'this server has no ffmpeg to convert it for browsers';

function runVersion(binary: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(/^ffmpeg version (\S+)/m.exec(stdout)?.[1] ?? 'unknown');
    });
  });
}

/** The ffmpeg of `@ffmpeg-installer/ffmpeg` (a static build inside its npm package), when installed for this platform. */
function bundledFfmpeg(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  } catch {
    // No build of it for this platform, or the package is not installed.
    return null;
  }
}

/**
 * Finds ffmpeg (DESIGN.md "Configuration": FFMPEG_PATH): the one FFMPEG_PATH names when it is set
 * (an explicit choice: no fallback when it does not run), else the project's own, else `ffmpeg`
 * on PATH. Each candidate must answer `-version`.
 */
export async function locateFfmpeg(
  configured: string | null,
  log: { warn(obj: unknown, msg?: string): void } = console,
): Promise<FfmpegStatus> {
  if (configured) {
    try {
      return { ok: true, path: configured, version: await runVersion(configured) };
    } catch (error) {
      log.warn({ err: error }, 'media: FFMPEG_PATH does not run; files that need converting are unplayable');
      return { ok: false, reason: `${NO_FFMPEG_REASON} (FFMPEG_PATH does not point at a working ffmpeg)` };
    }
  }
  for (const candidate of [bundledFfmpeg(), 'ffmpeg']) {
    if (!candidate) continue;
    try {
      return { ok: true, path: candidate, version: await runVersion(candidate) };
    } catch {
      // try the next one
    }
  }
  log.warn({}, 'media: no ffmpeg found; files that need converting are unplayable');
  return { ok: false, reason: `${NO_FFMPEG_REASON} (install ffmpeg or set FFMPEG_PATH)` };
}
