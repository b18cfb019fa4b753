import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSubtitleText, findSidecarSubtitles, languageOf, sidecarAsVtt, srtToVtt } from './subtitles.ts';

let root: string;
const touch = (relative: string, content = '') => {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'marquee-subs-'));
  touch('Heat (1995).mkv');
  touch('Heat (1995).en.srt');
  touch('Heat (1995).fre.forced.srt');
  touch('Heat (1995).srt');
  touch('Heat (1995).English.sdh.vtt');
  touch('Heat (1995)-sample.srt');
  touch('Heat.nfo');
  touch('Subs/Heat (1995).de.srt');
  touch('Alien (1979)/Alien (1979).mp4');
  touch('Alien (1979)/Subs/2_English.srt');
  touch('Alien (1979)/Subs/3_Spanish.srt');
  touch('Show/Season 1/Show S01E01.mkv');
  touch('Show/Season 1/Show S01E02.mkv');
  touch('Show/Season 1/Subs/Show S01E01/2_English.srt');
  touch('Show/Season 1/Subs/Show S01E02/2_French.srt');
  touch('Show/Season 1/Subs/unrelated.srt');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findSidecarSubtitles', () => {
  it('finds files beside the video and in Subs/, with languages and flags', async () => {
    expect(await findSidecarSubtitles(root, 'Heat (1995).mkv')).toEqual([
      { path: 'Heat (1995).en.srt', language: { code: 'en', label: 'English' }, forced: false, sdh: false },
      { path: 'Heat (1995).English.sdh.vtt', language: { code: 'en', label: 'English' }, forced: false, sdh: true },
      { path: 'Heat (1995).fre.forced.srt', language: { code: 'fr', label: 'French' }, forced: true, sdh: false },
      { path: 'Heat (1995).srt', language: null, forced: false, sdh: false },
      { path: 'Subs/Heat (1995).de.srt', language: { code: 'de', label: 'German' }, forced: false, sdh: false },
    ]);
  });

  it("takes every file of Subs/ for a video alone in its folder, and an episode's own Subs/ folder", async () => {
    expect(
      (await findSidecarSubtitles(root, 'Alien (1979)/Alien (1979).mp4')).map((s) => [s.path, s.language?.code]),
    ).toEqual([
      ['Alien (1979)/Subs/2_English.srt', 'en'],
      ['Alien (1979)/Subs/3_Spanish.srt', 'es'],
    ]);
    expect(
      (await findSidecarSubtitles(root, 'Show/Season 1/Show S01E02.mkv')).map((s) => [s.path, s.language?.code]),
    ).toEqual([['Show/Season 1/Subs/Show S01E02/2_French.srt', 'fr']]);
  });
});

describe('languageOf', () => {
  it.each([
    ['en', 'en'],
    ['eng', 'en'],
    ['ger', 'de'],
    ['pt-BR', 'pt-BR'],
    ['English', 'en'],
    ['2_Spanish', 'es'],
    ['sdh', null],
    ['forced', null],
    ['dts', null],
    ['und', null],
  ])('%s → %s', (tag, code) => {
    expect(languageOf(tag)?.code ?? null).toBe(code);
  });
});

describe('SubRip to WebVTT', () => {
  it('adds the header and writes milliseconds after a dot', () => {
    expect(srtToVtt('1\r\n00:00:01,500 --> 00:00:03,000\r\nHello\r\n')).toBe(
      'WEBVTT\n\n1\n00:00:01.500 --> 00:00:03.000\nHello\n',
    );
  });

  it('reads UTF-8, and Windows-1252 where the bytes are not UTF-8', async () => {
    expect(decodeSubtitleText(Buffer.from('\uFEFFCafé', 'utf8'))).toBe('Café');
    expect(decodeSubtitleText(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe('Café');
    touch('latin.srt', '');
    writeFileSync(
      path.join(root, 'latin.srt'),
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nD\xe9j\xe0 vu\n', 'latin1'),
    );
    expect(await sidecarAsVtt(path.join(root, 'latin.srt'))).toContain('Déjà vu');
    expect(await sidecarAsVtt(path.join(root, 'Heat.nfo'))).toBeNull();
  });
});
