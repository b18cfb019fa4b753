import { describe, expect, it } from 'vitest';
import { normaliseTitle, parseMediaPath } from './media-names.ts';

describe('parseMediaPath', () => {
  // Real-world names as Plex/Jellyfin libraries and release groups write them.
  it.each([
    ['Heat (1995).mp4', { kind: 'movie', title: 'Heat', year: 1995 }],
    ['The.Matrix.1999.1080p.BluRay.x264-GRP.mkv', { kind: 'movie', title: 'The Matrix', year: 1999 }],
    ['Memento_2000_720p_WEB-DL.webm', { kind: 'movie', title: 'Memento', year: 2000 }],
    ['Se7en [1995] [YTS.MX].mp4', { kind: 'movie', title: 'Se7en', year: 1995 }],
    ['2001 A Space Odyssey (1968).mkv', { kind: 'movie', title: '2001 A Space Odyssey', year: 1968 }],
    ['Movies/Alien (1979)/Alien (1979) {tmdb-348}.mp4', { kind: 'movie', title: 'Alien', year: 1979 }],
    ['Movies/Fargo (1996)/movie.mkv', { kind: 'movie', title: 'Fargo', year: 1996 }],
    ['Blade Runner 2049.mkv', { kind: 'movie', title: 'Blade Runner 2049', year: null }],
    ['Blade Runner 2049 (2017).mkv', { kind: 'movie', title: 'Blade Runner 2049', year: 2017 }],
    ['Wonder.Woman.1984.2020.1080p.mkv', { kind: 'movie', title: 'Wonder Woman 1984', year: 2020 }],
    ['Alien (1979) 2003 Directors Cut.mkv', { kind: 'movie', title: 'Alien', year: 1979 }],
    ['Shining, The (1980).mkv', { kind: 'movie', title: 'The Shining', year: 1980 }],
    ['Up.REMASTERED.mp4', { kind: 'movie', title: 'Up', year: null }],
    [
      'Breaking Bad/Season 01/Breaking Bad - S01E02.mp4',
      { kind: 'episode', title: 'Breaking Bad', year: null, season: 1, episode: 2 },
    ],
    [
      'Breaking.Bad.S02E10.720p.HDTV.webm',
      { kind: 'episode', title: 'Breaking Bad', year: null, season: 2, episode: 10 },
    ],
    [
      'Breaking Bad (2008)/Season 3/S03E04.mkv',
      { kind: 'episode', title: 'Breaking Bad', year: 2008, season: 3, episode: 4 },
    ],
    ['breaking_bad_1x07.mp4', { kind: 'episode', title: 'breaking bad', year: null, season: 1, episode: 7 }],
    [
      'The Office (US) - s05e01 - Weight Loss.mkv',
      { kind: 'episode', title: 'The Office (US)', year: null, season: 5, episode: 1 },
    ],
  ])('%s', (name, expected) => {
    expect(parseMediaPath(name)).toEqual(expected);
  });

  it.each([
    ['Heat (1995)-sample.mkv', 'a sample or extra, not a feature or episode'],
    ['Extras/Alien (1979) - Trailer.mp4', 'a sample or extra, not a feature or episode'],
    ['Season 01/S01E02.mp4', 'no series name in the file name or its folders'],
    ['Show/S00E00.mp4', 'season and episode must be 1 or more'],
    ['1080p.mkv', 'no title in the file name'],
  ])('%s is not recognised: %s', (name, reason) => {
    expect(parseMediaPath(name)).toEqual({ kind: 'unrecognised', reason });
  });

  it('prefers the folder year over a generic file name', () => {
    expect(parseMediaPath('Fargo (1996)/fargo.mkv')).toEqual({ kind: 'movie', title: 'Fargo', year: 1996 });
  });
});

describe('normaliseTitle', () => {
  it('ignores case, accents, punctuation, "&" and a leading article', () => {
    expect(normaliseTitle('Amélie')).toBe(normaliseTitle('amelie'));
    expect(normaliseTitle('Mr. & Mrs. Smith')).toBe(normaliseTitle('mr and mrs smith'));
    expect(normaliseTitle('The Matrix')).toBe('matrix');
  });
});
