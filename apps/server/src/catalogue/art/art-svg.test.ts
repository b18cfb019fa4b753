import fc from 'fast-check';
import { Window } from 'happy-dom';
import { afterAll, describe, expect, it } from 'vitest';
import {
  backdropSvg,
  displayWidth,
  paletteFor,
  posterSvg,
  stillSvg,
  wrapTitle,
  type ArtSubject,
  type StillSubject,
} from './art-svg.ts';

const shawshank: ArtSubject = {
  media_type: 'movie',
  id: 278,
  title: 'The Shawshank Redemption',
  year: '1994',
  genre_ids: [18, 80],
};
const breakingBad: StillSubject = {
  media_type: 'tv',
  id: 1396,
  title: 'Breaking Bad',
  year: '2008',
  genre_ids: [18, 80],
  season_number: 1,
  episode_number: 2,
  episode_name: "Cat's in the Bag...",
};
const HOSTILE = `<script>alert(1)</script> & "x" 'y'`;

const formats = [
  { name: 'poster', render: (s: ArtSubject) => posterSvg(s), width: 500, height: 750 },
  { name: 'backdrop', render: (s: ArtSubject) => backdropSvg(s), width: 1280, height: 720 },
  {
    name: 'still',
    render: (s: ArtSubject) => stillSvg({ ...s, season_number: 3, episode_number: 7, episode_name: s.title }),
    width: 400,
    height: 225,
  },
] as const;

const GENRE_IDS = [
  28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37, 10759, 10762, 10763,
  10764, 10765, 10766, 10767, 10768,
];

/** Titles of any kind: ASCII with markup characters, any Unicode, CJK, very long words. */
const anyTitle = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('<', '>', '&', '"', "'", ' ', 'a', 'W', '\u0301', '\t'), maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('千', 'と', '神', '오', '징', ' ', '😀', 'A'), minLength: 1, maxLength: 200 }),
  fc.string({ unit: fc.constantFrom('M', 'W', '@', '%'), minLength: 1, maxLength: 200 }),
);

const anySubject = fc.record({
  media_type: fc.constantFrom('movie' as const, 'tv' as const),
  id: fc.integer({ min: 1, max: 10_000_000 }),
  title: anyTitle,
  year: fc.option(
    fc.oneof(fc.integer({ min: 1874, max: 2100 }).map(String), fc.string({ unit: 'binary', maxLength: 20 })),
    {
      nil: null,
    },
  ),
  genre_ids: fc.array(fc.oneof(fc.constantFrom(...GENRE_IDS), fc.integer()), { maxLength: 5 }),
});

// ---------------------------------------------------------------------------------------------
// A strict, small XML checker: happy-dom's parser tolerates a bare "&", so tokens are checked here.

const TAG = /<(\/?)([A-Za-z][\w.:-]*)((?:\s+[A-Za-z_:][\w.:-]*="[^"<]*")*)\s*(\/?)>/y;
const TEXT = /[^<]+/y;
const BAD_AMPERSAND = /&(?!(?:#\d+|#x[\da-fA-F]+|amp|lt|gt|quot|apos);)/;
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Checks that `xml` is one well-formed element tree; returns the element names in order. */
function checkXml(xml: string): string[] {
  if (NOT_XML_CHAR.test(xml)) throw new Error('character not allowed in XML');
  const names: string[] = [];
  const stack: string[] = [];
  let pos = 0;
  while (pos < xml.length) {
    TAG.lastIndex = pos;
    const tag = TAG.exec(xml);
    if (tag) {
      const [whole, closing, name = '', attributes = '', selfClosing] = tag;
      if (BAD_AMPERSAND.test(attributes)) throw new Error(`bare & in attributes of <${name}>`);
      const attributeNames = [...attributes.matchAll(/([\w.:-]+)="/g)].map((m) => m[1]);
      if (new Set(attributeNames).size !== attributeNames.length) throw new Error(`duplicate attribute in <${name}>`);
      if (closing) {
        if (attributes || selfClosing) throw new Error(`malformed closing tag </${name}>`);
        if (stack.pop() !== name) throw new Error(`unbalanced </${name}> at ${pos}`);
      } else {
        if (stack.length === 0 && names.length > 0) throw new Error('more than one root element');
        names.push(name);
        if (!selfClosing) stack.push(name);
      }
      pos += whole.length;
      continue;
    }
    TEXT.lastIndex = pos;
    const text = TEXT.exec(xml);
    if (!text) throw new Error(`malformed markup at ${pos}: ${xml.slice(pos, pos + 40)}`);
    if (stack.length === 0) throw new Error('text outside the root element');
    if (BAD_AMPERSAND.test(text[0]) || text[0].includes('>')) throw new Error(`unescaped text: ${text[0]}`);
    pos += text[0].length;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  return names;
}

const ALLOWED_ELEMENTS = new Set([
  'svg',
  'defs',
  'g',
  'rect',
  'circle',
  'ellipse',
  'path',
  'text',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'mask',
]);

/** Well-formed, only the expected drawing elements, no references outside the document. */
function expectSafeSvg(svg: string): void {
  expect(checkXml(svg).filter((name) => !ALLOWED_ELEMENTS.has(name))).toEqual([]);
  expect(svg).not.toMatch(/<script|<image|<foreignObject|<use|<style/i);
  const tags = svg.match(/<[^>]*>/g) ?? [];
  expect(tags.filter((tag) => /\s(?:on\w+|[\w:]*href|style)=|javascript:/i.test(tag))).toEqual([]);
  const references = [...svg.matchAll(/url\(([^)]*)\)/g)].map((m) => m[1]);
  expect(references.filter((target) => !/^#[a-z0-9]+$/.test(target ?? ''))).toEqual([]);
  expect(new TextEncoder().encode(svg).length).toBeLessThan(6 * 1024);
}

const window = new Window();
afterAll(() => window.happyDOM.close());

function parse(svg: string) {
  return new window.DOMParser().parseFromString(svg, 'image/svg+xml');
}

/** Width in Latin units by an independent rule: CJK ideographs, kana and Hangul count 2. */
function cjkWidth(line: string): number {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
  let width = 0;
  for (const { segment } of segmenter.segment(line)) {
    width += /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(segment) ? 2 : 1;
  }
  return width;
}

function viewBox(svg: string): string | undefined {
  return /^<svg [^>]*viewBox="([^"]+)"/.exec(svg)?.[1];
}

describe('generated artwork', () => {
  it('has the documented sizes and view boxes', () => {
    const poster = posterSvg(shawshank);
    expect(viewBox(poster)).toBe('0 0 500 750');
    expect(poster).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="500" height="750" /);
    expect(viewBox(backdropSvg(shawshank))).toBe('0 0 1280 720');
    expect(backdropSvg(shawshank)).toMatch(/ width="1280" height="720" /);
    expect(viewBox(stillSvg(breakingBad))).toBe('0 0 400 225');
    expect(stillSvg(breakingBad)).toMatch(/ width="400" height="225" /);
  });

  it('is deterministic', () => {
    expect(posterSvg({ ...shawshank })).toBe(posterSvg(shawshank));
    expect(backdropSvg({ ...shawshank, genre_ids: [18, 80] })).toBe(backdropSvg(shawshank));
    expect(stillSvg({ ...breakingBad })).toBe(stillSvg(breakingBad));
    expect(paletteFor([27, 878], 42)).toEqual(paletteFor([27, 878], 42));
  });

  it('varies with the title, the id and the episode', () => {
    const other = posterSvg({ ...shawshank, title: 'The Green Mile' });
    expect(other).not.toBe(posterSvg(shawshank));
    expect(posterSvg({ ...shawshank, id: 279 })).not.toBe(posterSvg(shawshank));
    expect(posterSvg({ ...shawshank, media_type: 'tv' })).toContain('SERIES');
    expect(posterSvg(shawshank)).toContain('>FILM<');
    expect(stillSvg({ ...breakingBad, episode_number: 3 })).not.toBe(stillSvg(breakingBad));
  });

  it('shows the title, the year, the genres and the type on posters', () => {
    const svg = posterSvg(shawshank);
    expect(svg).toContain('>SHAWSHANK<');
    expect(svg).toContain('>REDEMPTION<');
    expect(svg).toContain('>THE<');
    expect(svg).toContain('>1994<');
    expect(svg).toContain('>DRAMA · CRIME<');
    expect(svg).toContain('font-family="Oswald, ');
    expect(svg).toContain('aria-label="The Shawshank Redemption (1994), poster"');
    // A subtitle after a colon is set apart, smaller.
    const lotr = posterSvg({ ...shawshank, title: 'The Lord of the Rings: The Return of the King', genre_ids: [12] });
    expect(lotr).toContain('>THE RETURN OF THE KING<');
    // No year, no genre: nothing empty is drawn.
    const bare = posterSvg({ ...shawshank, year: null, genre_ids: [] });
    expect(bare).not.toMatch(/<text[^>]*><\/text>/);
    expect(bare).not.toContain('1994');
    expect(posterSvg({ ...shawshank, title: '   ' })).toContain('>UNTITLED<');
  });

  it('shows the episode code and name on stills', () => {
    expect(stillSvg(breakingBad)).toContain('>S1 · E2<');
    expect(stillSvg(breakingBad)).toContain('>CAT&#39;S IN THE BAG...<');
    const unnamed = stillSvg({ ...breakingBad, episode_name: null, season_number: 2, episode_number: 10 });
    expect(unnamed).toContain('>S2 · E10<');
    expect(unnamed).toContain('>EPISODE 10<');
  });

  it('keeps sizes in the viewBox for long titles of every kind', () => {
    const titles = [
      'M',
      'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb',
      '千と千尋の神隠し',
      '오징어 게임',
      'W'.repeat(200),
      'Supercalifragilisticexpialidocious',
      `${'Long words everywhere '.repeat(10)}`.slice(0, 200),
      '😀'.repeat(200),
    ];
    for (const title of titles) {
      const poster = posterSvg({ ...shawshank, title });
      for (const [, length] of poster.matchAll(/textLength="([\d.]+)"/g))
        expect(Number(length)).toBeLessThanOrEqual(420);
      for (const [, y, size] of poster.matchAll(/<text [^>]*y="([\d.]+)" font-size="([\d.]+)"/g)) {
        expect(Number(y) - Number(size)).toBeGreaterThanOrEqual(0);
        expect(Number(y)).toBeLessThanOrEqual(750);
      }
      const still = stillSvg({ ...breakingBad, episode_name: title });
      for (const [, length] of still.matchAll(/textLength="([\d.]+)"/g))
        expect(Number(length)).toBeLessThanOrEqual(364);
    }
  });
});

describe('safety', () => {
  it('escapes hostile titles and years', () => {
    const subject: ArtSubject = { ...shawshank, title: HOSTILE, year: '<b>1994</b>' };
    for (const { render } of formats) {
      const svg = render(subject);
      expectSafeSvg(svg);
      expect(svg).not.toContain('<script');
      expect(svg).not.toContain('"x"');
      expect(svg).not.toContain('<b>');
      expect(svg.toLowerCase()).not.toContain('<script');
    }
    expect(posterSvg(subject)).toContain('&#60;SCRIPT&#62;ALERT(1)&#60;/SCRIPT&#62;');
    expect(stillSvg({ ...breakingBad, episode_name: HOSTILE })).not.toContain('<script');
  });

  it('parses as SVG without errors', () => {
    for (const { render, name } of formats) {
      const doc = parse(render({ ...shawshank, title: HOSTILE }));
      expect(doc.querySelector('parsererror'), name).toBeNull();
      expect(doc.documentElement.tagName.toLowerCase()).toBe('svg');
      expect(doc.querySelectorAll('script, image, foreignObject, use').length).toBe(0);
    }
  });

  it('is well-formed, self-contained and small for any title (property)', () => {
    fc.assert(
      fc.property(anySubject, (subject) => {
        for (const { render } of formats) expectSafeSvg(render(subject));
        expectSafeSvg(stillSvg({ ...subject, season_number: 1, episode_number: 1, episode_name: subject.title }));
      }),
      { numRuns: 150 },
    );
  });

  it('the strict checker rejects malformed XML', () => {
    expect(() => checkXml('<svg><text>a & b</text></svg>')).toThrow();
    expect(() => checkXml('<svg><text>a <b</text></svg>')).toThrow();
    expect(() => checkXml('<svg><g></svg>')).toThrow();
    expect(() => checkXml('<svg a="1" a="2"/>')).toThrow();
    expect(() => checkXml('<svg>\u0001</svg>')).toThrow();
    expect(checkXml('<svg><g a="&#38;"/>x &amp; y</svg>')).toEqual(['svg', 'g']);
  });
});

describe('paletteFor', () => {
  const HEX = /^#[0-9a-f]{6}$/;

  it('gives four hex colours', () => {
    const palette = paletteFor([18], 1);
    for (const colour of Object.values(palette)) expect(colour).toMatch(HEX);
    expect(Object.keys(palette).sort()).toEqual(['accent', 'background', 'glow', 'ink']);
  });

  it('differs between genres and between seeds', () => {
    const seed = 12345;
    const backgrounds = new Set([27, 35, 878, 10749, 18, 99, 37].map((id) => paletteFor([id], seed).background));
    expect(backgrounds.size).toBe(7);
    expect(paletteFor([18], 1)).not.toEqual(paletteFor([18], 2));
    expect(paletteFor([18, 27], seed)).not.toEqual(paletteFor([18, 35], seed));
  });

  it('follows the first genre: horror is dark red, comedy warm, sci-fi violet', () => {
    const hue = (hex: string): number => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      if (d === 0) return 0;
      const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      return (h * 60 + 360) % 360;
    };
    const within = (value: number, centre: number, range: number): boolean =>
      Math.abs(((value - centre + 540) % 360) - 180) <= range;
    for (let seed = 0; seed < 50; seed++) {
      expect(within(hue(paletteFor([27], seed).background), 356, 25)).toBe(true);
      expect(within(hue(paletteFor([35], seed).background), 30, 25)).toBe(true);
      expect(within(hue(paletteFor([878], seed).background), 262, 25)).toBe(true);
      // The second genre only tints.
      expect(within(hue(paletteFor([27, 35], seed).background), 356, 30)).toBe(true);
    }
  });

  it('has a neutral palette without known genres', () => {
    expect(paletteFor([], 7)).toEqual(paletteFor([424242], 7));
  });
});

describe('wrapTitle', () => {
  it('wraps words, cuts over-long words and ends with an ellipsis', () => {
    expect(wrapTitle('The Shawshank Redemption', 14, 4)).toEqual(['The Shawshank', 'Redemption']);
    expect(wrapTitle('  Alien  ', 10, 2)).toEqual(['Alien']);
    expect(wrapTitle('', 10, 2)).toEqual([]);
    expect(wrapTitle('Supercalifragilistic', 8, 4)).toEqual(['Supercal', 'ifragili', 'stic']);
    expect(wrapTitle('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
    expect(wrapTitle('Dr. Strangelove or: How I Learned', 16, 2)).toEqual(['Dr. Strangelove', 'or: How I…']);
  });

  it('counts CJK characters as two', () => {
    expect(wrapTitle('千と千尋の神隠し', 8, 4)).toEqual(['千と千尋', 'の神隠し']);
    expect(displayWidth('千と千尋')).toBe(8);
    expect(displayWidth('Amélie')).toBe(6);
  });

  it('respects its limits for any text (property)', () => {
    fc.assert(
      fc.property(anyTitle, fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 6 }), (title, max, lines) => {
        const wrapped = wrapTitle(title, max, lines);
        expect(wrapped.length).toBeLessThanOrEqual(lines);
        for (const line of wrapped) {
          expect(cjkWidth(line)).toBeLessThanOrEqual(max);
          expect(displayWidth(line)).toBeLessThanOrEqual(max);
          expect(line).toBe(line.trim());
          expect(line.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
