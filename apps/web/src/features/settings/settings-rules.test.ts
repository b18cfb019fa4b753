import { describe, expect, it } from 'vitest';
import type { CustomVideoSource } from '@marquee/core';
import {
  couldBecomeValidTemplate,
  formatKilobytes,
  isValidTemplate,
  remapDefaultSource,
  shortUserId,
  shownDefaultSource,
  tabFromHash,
  videoSourceChoices,
} from './settings-rules.ts';

const source = (name: string, movieUrl = 'https://host.example/{movieID}'): CustomVideoSource => ({
  name,
  movieUrl,
  tvUrl: '',
  recommended: false,
});
const draft = (name = '') => source(name, '');

describe('settings rules', () => {
  it('picks the tab from the URL hash', () => {
    expect(tabFromHash('')).toBe('profile');
    expect(tabFromHash('#accessibility')).toBe('accessibility');
    expect(tabFromHash('#Data')).toBe('data');
    expect(tabFromHash('#custom-video-sources')).toBe('content');
    expect(tabFromHash('#nowhere')).toBe('profile');
  });

  it('lists the built-in sources, then the usable custom ones', () => {
    expect(videoSourceChoices([source('Alpha'), draft('Half done'), source('  Beta ')])).toEqual([
      { index: 0, name: 'Library', isCustom: false },
      { index: 1, name: 'Trailer', isCustom: false },
      { index: 2, name: 'Alpha', isCustom: true },
      { index: 3, name: 'Beta', isCustom: true },
    ]);
    expect(shownDefaultSource(7, videoSourceChoices([]))).toBe(0);
    expect(shownDefaultSource(1, videoSourceChoices([]))).toBe(1);
  });

  it('keeps the default source pointing at the same source as the list changes', () => {
    const before = [source('A'), source('B'), source('C')];
    // Default is C (index 4). Removing A moves C to index 3.
    expect(remapDefaultSource(4, before, [source('B'), source('C')], 0)).toBe(3);
    // Removing C itself falls back to the first source.
    expect(remapDefaultSource(4, before, [source('A'), source('B')], 2)).toBe(0);
    // Emptying B's URL makes it unusable: C moves up.
    expect(remapDefaultSource(4, before, [source('A'), draft('B'), source('C')])).toBe(3);
    // Completing an earlier draft pushes the default down one.
    expect(remapDefaultSource(2, [draft('A'), source('B')], [source('A'), source('B')])).toBe(3);
    // Built-in defaults never move.
    expect(remapDefaultSource(1, before, [], 0)).toBe(1);
  });

  it('accepts only empty or http(s) URL templates', () => {
    expect(isValidTemplate('')).toBe(true);
    expect(isValidTemplate('https://a.example/{movieID}')).toBe(true);
    expect(isValidTemplate('HTTP://a.example')).toBe(true);
    expect(isValidTemplate('javascript:alert(1)')).toBe(false);
    expect(isValidTemplate('ftp://a.example')).toBe(false);
    expect(couldBecomeValidTemplate('htt')).toBe(true);
    expect(couldBecomeValidTemplate('https:/')).toBe(true);
    expect(couldBecomeValidTemplate('www.')).toBe(false);
  });

  it('formats storage and the user id', () => {
    expect(formatKilobytes(0)).toBe('0.0 KB');
    expect(formatKilobytes(3482)).toBe('3.4 KB');
    expect(formatKilobytes(204_800)).toBe('200 KB');
    expect(shortUserId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('0f8fad5b');
    expect(shortUserId(null)).toBe('Guest');
  });
});
