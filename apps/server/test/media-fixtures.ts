import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The project's own ffmpeg (@ffmpeg-installer/ffmpeg), which the tests make their media with. */
export function projectFfmpeg(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export const SRT = `1
00:00:00,500 --> 00:00:04,000
Hello from the sidecar

2
00:00:04,500 --> 00:00:19,000
Still the sidecar
`;

const EMBEDDED_SRT = `1
00:00:00,200 --> 00:00:15,000
Embedded English line
`;

/**
 * Writes into `dir` the files the Library's conversion tests play, made with the project's ffmpeg
 * (small pictures, a keyframe a second):
 * - `mkv`: H.264 + AC3 English (440 Hz) + AC3 French (880 Hz) + an English SubRip track,
 *   what a browser cannot play as is but can once remuxed;
 * - `avi`: MPEG-4 Part 2 + MP3, which must be transcoded;
 * - `mp4`: H.264 + AAC, which plays as it is.
 * Each has the given seconds of length.
 */
export function makeMedia(
  dir: string,
  names: { mkv?: string; avi?: string; mp4?: string },
  seconds = 20,
  size = '160x120',
): void {
  const ffmpeg = projectFfmpeg();
  const run = (args: string[]) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const video = ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=24:duration=${seconds}`];
  const tone = (hz: number) => ['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${seconds}`];
  const keyframes = ['-g', '24', '-pix_fmt', 'yuv420p'];
  const at = (name: string) => {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    return file;
  };
  if (names.mkv) {
    const scratch = mkdtempSync(path.join(tmpdir(), 'marquee-srt-'));
    const srt = path.join(scratch, 'embedded.srt');
    writeFileSync(srt, EMBEDDED_SRT);
    run([
      ...video,
      ...tone(440),
      ...tone(880),
      '-i',
      srt,
      ...['-map', '0', '-map', '1', '-map', '2', '-map', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', ...keyframes],
      ...['-c:a', 'ac3', '-b:a', '96k', '-c:s', 'srt'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=fre'],
      ...['-metadata:s:s:0', 'language=eng', '-disposition:a:1', '0'],
      at(names.mkv),
    ]);
    rmSync(scratch, { recursive: true, force: true });
  }
  if (names.avi) {
    run([...video, ...tone(440), '-c:v', 'mpeg4', '-g', '24', '-c:a', 'libmp3lame', at(names.avi)]);
  }
  if (names.mp4) {
    run([
      ...video,
      ...tone(440),
      ...['-c:v', 'libx264', '-preset', 'ultrafast', ...keyframes, '-c:a', 'aac', '-movflags', '+faststart'],
      at(names.mp4),
    ]);
  }
}
