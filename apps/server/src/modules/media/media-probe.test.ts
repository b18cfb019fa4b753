import { describe, expect, it } from 'vitest';
import type { FfmpegStatus } from './ffmpeg.ts';
import { decidePlayback, NO_FFMPEG_REASON, parseFfmpegInfo, type MediaProbe } from './media-probe.ts';

const FFMPEG: FfmpegStatus = { ok: true, path: '/usr/bin/ffmpeg', version: '7.1' };
const WHY_NO_FFMPEG = `${NO_FFMPEG_REASON} (install ffmpeg or set FFMPEG_PATH)`;
const NO_FFMPEG: FfmpegStatus = { ok: false, reason: WHY_NO_FFMPEG };

const DEMUXERS = { mkv: 'matroska,webm', webm: 'matroska,webm', mp4: 'mov,mp4,m4a,3gp,3g2,mj2', avi: 'avi' } as const;

/**
 * The probe of a file as `ffmpeg -i` prints it (ffmpeg 5–7's stream lines), read by
 * parseFfmpegInfo: the decision is made from what ffmpeg says, with no media file.
 */
function probe(file: string, streams: string[]): MediaProbe {
  const ext = file.split('.').pop() as keyof typeof DEMUXERS;
  const text = [
    `Input #0, ${DEMUXERS[ext]}, from '/media/${file}':`,
    '  Duration: 01:58:12.34, start: 0.000000, bitrate: 8000 kb/s',
    ...streams.map((stream, index) => `  Stream #0:${index}: ${stream}`),
  ].join('\n');
  return parseFfmpegInfo(text)!;
}

const H264 = 'Video: h264 (High), yuv420p(tv, bt709, progressive), 1920x1080 [SAR 1:1 DAR 16:9], 23.98 fps';
const H264_10BIT = 'Video: h264 (High 10), yuv420p10le(tv, bt709, progressive), 1920x1080, 23.98 fps';
const HEVC = 'Video: hevc (Main 10), yuv420p10le(tv, bt2020nc/bt2020/smpte2084), 3840x2160, 23.98 fps';
const VP9 = 'Video: vp9 (Profile 0), yuv420p(tv, bt709, progressive), 1920x1080, SAR 1:1 DAR 16:9, 24 fps';
const MPEG4 =
  'Video: mpeg4 (Advanced Simple Profile) (XVID / 0x44495658), yuv420p, 720x304 [SAR 1:1 DAR 45:19], 25 fps';
const AAC = 'Audio: aac (LC), 48000 Hz, stereo, fltp (default)';
const AC3 = 'Audio: ac3, 48000 Hz, 5.1(side), fltp, 448 kb/s (default)';
const DTS = 'Audio: dts (DTS), 48000 Hz, 5.1(side), fltp, 1536 kb/s (default)';
const OPUS = 'Audio: opus, 48000 Hz, stereo, fltp (default)';
const MP3 = 'Audio: mp3 (U[0][0][0] / 0x0055), 48000 Hz, stereo, fltp, 128 kb/s';

describe('decidePlayback', () => {
  it.each([
    // What a browser decodes as it is, in a container it reads, plays directly.
    { label: 'MP4 with H.264 and AAC', file: 'Heat (1995).mp4', streams: [H264, AAC], mode: 'direct' },
    { label: 'WebM with VP9 and Opus', file: 'Heat (1995).webm', streams: [VP9, OPUS], mode: 'direct' },
    // 8-bit H.264 is copied; the container and the audio are what the browser lacks.
    { label: 'MKV with H.264 and AC3', file: 'Heat (1995).mkv', streams: [H264, AC3], mode: 'remux' },
    { label: 'MKV with H.264 and DTS', file: 'Heat (1995).mkv', streams: [H264, DTS], mode: 'remux' },
    { label: 'MP4 with H.264 and AC3', file: 'Heat (1995).mp4', streams: [H264, AC3], mode: 'remux' },
    // A picture browsers cannot decode is encoded again.
    { label: 'MKV with HEVC', file: 'Heat (1995).mkv', streams: [HEVC, AAC], mode: 'transcode' },
    { label: 'MKV with 10-bit H.264', file: 'Heat (1995).mkv', streams: [H264_10BIT, AC3], mode: 'transcode' },
    { label: 'MP4 with 10-bit H.264 and AAC', file: 'Heat (1995).mp4', streams: [H264_10BIT, AAC], mode: 'transcode' },
    { label: 'AVI with MPEG-4 Part 2', file: 'Heat (1995).avi', streams: [MPEG4, MP3], mode: 'transcode' },
    { label: 'WebM with VP9 and AAC', file: 'Heat (1995).webm', streams: [VP9, AAC], mode: 'transcode' },
  ] as const)('$label → $mode', ({ file, streams, mode }) => {
    expect(decidePlayback(file, probe(file, [...streams]), FFMPEG)).toEqual({ mode, reason: null, convertible: true });
  });

  it('without ffmpeg, plays MP4 and WebM by their names and lists the rest as unplayable with the reason', () => {
    expect(decidePlayback('Heat (1995).mkv', null, NO_FFMPEG)).toEqual({
      mode: 'unplayable',
      reason: WHY_NO_FFMPEG,
      convertible: false,
    });
    expect(decidePlayback('Heat (1995).avi', null, NO_FFMPEG)).toMatchObject({ mode: 'unplayable' });
    expect(decidePlayback('Heat (1995).mp4', null, NO_FFMPEG)).toEqual({
      mode: 'direct',
      reason: null,
      convertible: false,
    });
    expect(decidePlayback('Heat (1995).webm', null, NO_FFMPEG)).toMatchObject({ mode: 'direct' });
  });

  it('says why a file ffmpeg cannot read, or one without a picture, cannot play', () => {
    expect(decidePlayback('Heat (1995).mkv', null, FFMPEG)).toEqual({
      mode: 'unplayable',
      reason: 'ffmpeg cannot read this file',
      convertible: false,
    });
    expect(decidePlayback('Heat (1995).mkv', probe('Heat (1995).mkv', [AC3]), FFMPEG)).toEqual({
      mode: 'unplayable',
      reason: 'the file has no video track',
      convertible: false,
    });
  });

  it('does not trust a name the container contradicts', () => {
    // A Matroska file named .mp4 is not an MP4 the browser reads: it is remuxed.
    const file = 'Heat (1995).mp4';
    const mislabelled = { ...probe(file, [H264, AAC]), container: DEMUXERS.mkv };
    expect(decidePlayback(file, mislabelled, FFMPEG)).toMatchObject({ mode: 'remux' });
  });
});
