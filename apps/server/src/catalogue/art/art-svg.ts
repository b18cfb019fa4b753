/**
 * Generated artwork for the offline catalogue, which has no real images: deterministic SVG
 * posters (500×750), backdrops (1280×720) and episode stills (400×225).
 *
 * - Colours come from the genres: the first genre picks a hue family (horror deep red, comedy warm
 *   yellow, sci-fi violet and cyan...), the second tints it; no genre gives a neutral palette.
 * - A per-title seed (a hash of media type, id and title) picks the composition (light rays, a
 *   sun, orbits, monoliths, ridges, bokeh, a perspective grid, a sound wave) and varies angles
 *   and hues, so that two dramas still look different.
 * - Posters carry the title (Oswald, uppercase, sized to its length, at most 4 lines), the year,
 *   the genres and a FILM / SERIES label; backdrops are pure mood (the app overlays its own text,
 *   bottom-left, which is kept dark); stills show "S1 · E2" and the episode name.
 *
 * Safety: titles are untrusted. Every text is stripped of characters XML forbids and escaped;
 * the SVG references nothing outside itself (no `<image>`, `<script>`, `<foreignObject>`, no
 * external `href`), so it can be served under `default-src 'none'; style-src 'unsafe-inline'`.
 * Text widths are estimated from Oswald's metrics and pinned with `textLength`, so a title stays
 * inside the canvas whatever font the viewer falls back to (in an `<img>`, web fonts are absent).
 *
 * Pure and deterministic: the same subject always gives byte-identical output, under ~6 KB.
 */
import { genreNames } from '@marquee/core';
import { seededRandom as random } from '@marquee/core/seeded-random';

export interface ArtSubject {
  media_type: 'movie' | 'tv';
  id: number;
  title: string;
  /** '1994', or null when unknown. */
  year: string | null;
  /** TMDB genre ids, movie or TV catalogue, most significant first. */
  genre_ids: number[];
}

export interface StillSubject extends ArtSubject {
  season_number: number;
  episode_number: number;
  episode_name: string | null;
}

export interface ArtPalette {
  /** The dark base of the canvas. */
  background: string;
  /** A vivid colour for lines and highlights. */
  accent: string;
  /** A brighter tone of the background hue, for light sources. */
  glow: string;
  /** Near-white text colour, tinted. */
  ink: string;
}

const TITLE_FONT = "Oswald, 'Oswald Variable', 'Arial Narrow', Impact, sans-serif";
const TEXT_FONT = "Inter, 'Inter Variable', Arial, sans-serif";
const NIGHT = '#07080c';
const GOLD = '#f6c453';

// ---------------------------------------------------------------------------------------------
// Seeds and randomness

/** FNV-1a over UTF-16 code units: a stable 32-bit hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function seedOf(subject: ArtSubject): number {
  return hash(`${subject.media_type}:${subject.id}:${subject.title}`);
}

// ---------------------------------------------------------------------------------------------
// Palettes

type Motif = 'rays' | 'sun' | 'rings' | 'slabs' | 'ridges' | 'orbs' | 'grid' | 'bars';

interface Family {
  /** Background hue, saturation and lightness (%). */
  hue: number;
  sat: number;
  light: number;
  /** Accent hue and saturation. */
  accentHue: number;
  accentSat: number;
  /** Lightness of the glow (%): higher for the bright families. */
  glowLight: number;
  motifs: readonly Motif[];
}

function family(
  hue: number,
  sat: number,
  light: number,
  accentHue: number,
  accentSat: number,
  motifs: readonly Motif[],
  glowLight = 40,
): Family {
  return { hue, sat, light, accentHue, accentSat, glowLight, motifs };
}

const NEUTRAL = family(225, 16, 10, 42, 85, ['rays', 'rings', 'slabs']);

const ACTION = family(214, 58, 11, 24, 95, ['slabs', 'rays', 'sun']);
const CRIME = family(196, 26, 8, 150, 50, ['slabs', 'rings', 'rays']);
const SCI_FI = family(262, 58, 10, 186, 88, ['grid', 'rings', 'sun']);

/** Hue families by TMDB genre id (movie and TV catalogues share most ids). */
const FAMILIES: ReadonlyMap<number, Family> = new Map([
  [28, ACTION],
  [12, family(196, 52, 12, 36, 92, ['ridges', 'sun', 'rays'])],
  [10759, ACTION],
  [16, family(200, 72, 20, 330, 88, ['orbs', 'rings', 'sun'], 52)],
  [35, family(30, 76, 15, 48, 96, ['orbs', 'sun', 'rays'], 46)],
  [80, CRIME],
  [99, family(48, 24, 12, 40, 52, ['ridges', 'rings', 'rays'])],
  [18, family(212, 50, 11, 182, 58, ['rays', 'orbs', 'ridges'])],
  [10751, family(42, 72, 18, 200, 82, ['orbs', 'sun', 'rays'], 52)],
  [14, family(276, 50, 12, 152, 66, ['rays', 'orbs', 'rings'])],
  [36, family(30, 38, 11, 38, 58, ['rays', 'ridges', 'slabs'])],
  [27, family(356, 62, 6, 358, 82, ['slabs', 'rings', 'rays'], 24)],
  [10402, family(310, 66, 12, 284, 80, ['bars', 'rings', 'orbs'])],
  [9648, family(226, 36, 9, 190, 44, ['rings', 'slabs', 'rays'])],
  [10749, family(342, 56, 13, 16, 82, ['orbs', 'sun', 'rays'], 44)],
  [878, SCI_FI],
  [10770, family(222, 26, 11, 42, 72, ['rays', 'orbs', 'rings'])],
  [53, family(166, 36, 7, 176, 52, ['slabs', 'rings', 'grid'], 30)],
  [10752, family(68, 18, 10, 44, 42, ['ridges', 'rays', 'slabs'], 34)],
  [37, family(20, 62, 12, 36, 86, ['sun', 'ridges', 'rays'])],
  [10762, family(170, 66, 20, 50, 96, ['orbs', 'sun', 'rings'], 52)],
  [10763, family(215, 56, 11, 356, 76, ['grid', 'bars', 'rings'])],
  [10764, family(326, 66, 15, 45, 96, ['orbs', 'rays', 'bars'], 46)],
  [10765, family(252, 56, 11, 170, 78, ['grid', 'rings', 'rays'])],
  [10766, family(336, 46, 14, 290, 58, ['orbs', 'rays', 'sun'], 44)],
  [10767, family(256, 46, 13, 38, 90, ['orbs', 'rings', 'bars'], 44)],
  [10768, family(214, 20, 10, 4, 62, ['ridges', 'slabs', 'rays'], 34)],
]);

interface Tones extends ArtPalette {
  /** Near-black of the background hue, for the far end of gradients. */
  deep: string;
  /** Slightly lighter than the background, for layered shapes. */
  mid: string;
  motifs: readonly Motif[];
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** Hue `t` of the way from `a` to `b`, the short way round the circle, moving at most `cap` degrees. */
function mixHue(a: number, b: number, t: number, cap = 180): number {
  const delta = ((((b - a) % 360) + 540) % 360) - 180;
  return a + clamp(delta * t, -cap, cap);
}

/** Saturation damped in the yellow-green to green band, which turns neon when bright. */
function tame(hue: number, sat: number): number {
  const h = ((hue % 360) + 360) % 360;
  return h > 68 && h < 165 ? sat * 0.6 : sat;
}

/** Lightness lowered for yellows, which look much brighter than other hues at the same value. */
function dim(hue: number, light: number): number {
  const h = ((hue % 360) + 360) % 360;
  return h > 40 && h < 80 ? light - 7 : light;
}

function hex(value: number): string {
  return Math.round(clamp(value, 0, 1) * 255)
    .toString(16)
    .padStart(2, '0');
}

/** `#rrggbb` of a hue (degrees), saturation and lightness (%). */
function hsl(hue: number, sat: number, light: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp(sat, 0, 100) / 100;
  const l = clamp(light, 0, 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number): number => {
    const u = t - Math.floor(t);
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return `#${hex(channel(h + 1 / 3))}${hex(channel(h))}${hex(channel(h - 1 / 3))}`;
}

function tones(genreIds: readonly number[], seed: number): Tones {
  const rnd = random(seed ^ 0x5bd1e995);
  const jitter = (range: number): number => (rnd() * 2 - 1) * range;
  const known = genreIds.flatMap((id) => FAMILIES.get(id) ?? []);
  const first = known[0] ?? NEUTRAL;
  const second = known[1];

  // The second genre shifts the background a little, the glow and the accent a little more.
  const hue = mixHue(first.hue, second?.hue ?? first.hue, 0.2, 14) + jitter(10);
  const sat = clamp(first.sat + jitter(8), 8, 90);
  const light = first.light + jitter(2);
  const glowHue = mixHue(hue, second?.hue ?? hue + jitter(40), 0.35, 18);
  const accentHue = mixHue(first.accentHue, second?.accentHue ?? first.accentHue, 0.25, 14) + jitter(8);

  return {
    background: hsl(hue, tame(hue, sat), light),
    accent: hsl(accentHue, tame(accentHue, first.accentSat), 60 + jitter(4)),
    glow: hsl(glowHue, tame(glowHue, clamp(sat * 0.9 + 6, 18, 72)), dim(glowHue, first.glowLight + jitter(4))),
    ink: hsl(accentHue, 30, 94),
    deep: hsl(hue, sat * 0.7, 3.5),
    mid: hsl(hue, tame(hue, sat), light + 6),
    motifs: first.motifs,
  };
}

/** The four colours of a title's artwork; exported for tests. */
export function paletteFor(genreIds: readonly number[], seed: number): ArtPalette {
  const { background, accent, glow, ink } = tones(genreIds, seed);
  return { background, accent, glow, ink };
}

// ---------------------------------------------------------------------------------------------
// Text: cleaning, escaping, measuring, wrapping

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * East Asian wide characters (the Han, kana, Hangul, Bopomofo, Yi, Tangut... scripts, CJK symbols
 * and full-width forms) and emoji: two Latin widths.
 */
const WIDE =
  /^(?:[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Yi}\p{Script=Tangut}\p{Script=Nushu}\p{Script=Khitan_Small_Script}\p{Extended_Pictographic}]|[\u231a-\u231b\u2329-\u232a\u2e80-\u303e\u3041-\u33ff\ua960-\ua97f\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{1b2ff}\u{1f000}-\u{1fbff}\u{20000}-\u{3fffd}])/u;

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids control characters.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g;

/**
 * Removes what XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF) and the
 * invisible bidi overrides, caps runs of combining marks at 3 (no "Zalgo" text climbing out of
 * the canvas), and collapses white space.
 */
function cleanText(text: string): string {
  return text
    .replace(FORBIDDEN, ' ')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/(\p{M}{3})\p{M}+/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function graphemes(text: string): string[] {
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** Width of one grapheme in Latin character units: 2 for wide (CJK, emoji), else 1. */
function unitsOf(grapheme: string): number {
  return WIDE.test(grapheme) ? 2 : 1;
}

/** Width of a text in Latin character units, CJK and emoji counting 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const grapheme of graphemes(text)) width += unitsOf(grapheme);
  return width;
}

function widthTable(rows: readonly (readonly [string, readonly number[]])[]): ReadonlyMap<string, number> {
  const table = new Map<string, number>();
  for (const [chars, widths] of rows) [...chars].forEach((ch, i) => table.set(ch, (widths[i] ?? 55) / 100));
  return table;
}

/** Advance widths of Oswald SemiBold capitals, digits and punctuation, in hundredths of an em. */
const OSWALD_WIDTHS = widthTable([
  [
    'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    [54, 57, 55, 57, 44, 42, 57, 60, 29, 34, 55, 43, 69, 55, 58, 55, 58, 58, 50, 44, 58, 52, 70, 51, 49, 43],
  ],
  ['0123456789', [54, 38, 51, 51, 51, 50, 53, 43, 52, 53]],
  [' .,:;!?\'"-\u2013\u2014&()/\u2026', [25, 23, 23, 26, 27, 25, 48, 16, 34, 32, 56, 105, 58, 33, 31, 41, 64]],
]);

/** One grapheme of a title, measured once: its width in character units and in Oswald ems. */
interface Glyph {
  text: string;
  units: number;
  em: number;
}

const ELLIPSIS: Glyph = { text: '\u2026', units: 1, em: 0.64 };
const SPACE: Glyph = { text: ' ', units: 1, em: 0.25 };

function glyph(text: string): Glyph {
  const units = unitsOf(text);
  const em = OSWALD_WIDTHS.get(text.normalize('NFD')[0] ?? text) ?? (units === 2 ? 1 : 0.56);
  return { text, units, em };
}

/** The words of a title (cleaned, split on white space), as glyphs. */
function words(title: string): Glyph[][] {
  return cleanText(title)
    .split(' ')
    .filter(Boolean)
    .map((word) => graphemes(word).map(glyph));
}

const lineText = (line: readonly Glyph[]): string => line.map((g) => g.text).join('');
const sumUnits = (line: readonly Glyph[]): number => line.reduce((sum, g) => sum + g.units, 0);

/** Estimated width (em) of an uppercase line set in Oswald, with `tracking` em between letters. */
function lineEm(line: readonly Glyph[], tracking: number): number {
  return line.reduce((sum, g) => sum + g.em, 0) + tracking * Math.max(0, line.length - 1);
}

interface Wrapped {
  lines: Glyph[][];
  /** Whether text was dropped for an ellipsis. */
  truncated: boolean;
  /** Whether a word had to be cut across lines. */
  broken: boolean;
}

const TRAILING_PUNCTUATION = /^[\s,.:;!?\-\u2013\u2014/&·|]$/;

function wrap(title: readonly Glyph[][], maxCharsPerLine: number, maxLines: number): Wrapped {
  const max = Math.max(1, Math.floor(maxCharsPerLine));
  const limit = Math.max(1, Math.floor(maxLines));
  const lines: Glyph[][] = [];
  let line: Glyph[] = [];
  let width = 0;
  let broken = false;

  for (const word of title) {
    if (lines.length > limit) break; // The kept lines are final: the rest is cut anyway.
    // A glyph wider than a whole line (CJK in a 1-unit line) cannot be shown.
    const parts = word.map((g) => (g.units > max ? ELLIPSIS : g));
    const wordWidth = sumUnits(parts);
    if (line.length > 0 && width + 1 + wordWidth <= max) {
      line.push(SPACE, ...parts);
      width += 1 + wordWidth;
      continue;
    }
    if (line.length > 0) lines.push(line);
    line = [];
    width = 0;
    if (wordWidth > max) broken = true;
    for (const g of parts) {
      if (width + g.units > max) {
        lines.push(line);
        line = [];
        width = 0;
      }
      line.push(g);
      width += g.units;
    }
  }
  if (line.length > 0) lines.push(line);
  if (lines.length <= limit) return { lines, truncated: false, broken };

  const kept = lines.slice(0, limit);
  const last = [...(kept[limit - 1] ?? [])];
  let lastWidth = sumUnits(last);
  while (last.length > 0 && lastWidth + 1 > max) lastWidth -= last.pop()?.units ?? 0;
  while (last.length > 0 && TRAILING_PUNCTUATION.test(last[last.length - 1]?.text ?? '')) last.pop();
  last.push(ELLIPSIS);
  kept[limit - 1] = last;
  return { lines: kept, truncated: true, broken };
}

/**
 * Word-wraps a title into at most `maxLines` lines of at most `maxCharsPerLine` character units
 * (CJK and emoji count 2). Words longer than a line are cut; when the text does not fit, the last
 * line ends with an ellipsis. White space is collapsed; an empty title gives no lines.
 */
export function wrapTitle(title: string, maxCharsPerLine: number, maxLines: number): string[] {
  return wrap(words(title), maxCharsPerLine, maxLines).lines.map(lineText);
}

/** Rough width (em) of an Inter line: labels only, never titles. */
function labelEm(text: string, tracking: number): number {
  const parts = graphemes(text);
  let em = 0;
  for (const g of parts) em += g === ' ' ? 0.28 : /[A-Z0-9]/.test(g) ? 0.7 : unitsOf(g) === 2 ? 1 : 0.58;
  return em + tracking * parts.length;
}

interface TitleFit {
  lines: string[];
  size: number;
  /** Width of each line, in canvas units, at `size`. */
  widths: number[];
}

/** Oswald's cap height, in em. */
const CAP = 0.78;

interface TitleBox {
  width: number;
  height: number;
  maxLines: number;
  minSize: number;
  maxSize: number;
  /** Extra space between letters, in em. */
  tracking: number;
  /** Distance between baselines, in em. */
  pitch: number;
}

/**
 * The best setting of an (uppercase) title in a box: tries every line length and prefers, in
 * order, a size of at least `minSize`, no ellipsis, no word cut across lines, then the largest
 * size (a little less for each extra line) or, when an ellipsis is unavoidable, the most text.
 */
function fitTitle(text: string, box: TitleBox): TitleFit {
  const title = words(text);
  const total = title.reduce((sum, word) => sum + sumUnits(word) + 1, 0);
  let best: (TitleFit & { rank: number }) | undefined;
  for (let chars = 1; chars <= Math.min(Math.max(1, total), 80); chars++) {
    const wrapped = wrap(title, chars, box.maxLines);
    const ems = wrapped.lines.map((line) => lineEm(line, box.tracking));
    const widest = Math.max(0.01, ...ems);
    const count = wrapped.lines.length;
    const size = Math.min(box.maxSize, box.width / widest, box.height / (CAP + (count - 1) * box.pitch));
    const rank =
      (size >= box.minSize ? 4e6 : 0) +
      (wrapped.truncated ? 0 : 2e6) +
      (wrapped.broken ? 0 : 1e6) +
      (wrapped.truncated ? chars : size * (1 - 0.05 * (count - 1)));
    if (!best || rank > best.rank) {
      best = { lines: wrapped.lines.map(lineText), size, widths: ems.map((em) => em * size), rank };
    }
  }
  return best ?? { lines: [], size: box.minSize, widths: [] };
}

// ---------------------------------------------------------------------------------------------
// SVG helpers

/** A coordinate, rounded to one decimal. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** An opacity, two decimals, without the leading zero. */
function o(value: number): string {
  return String(Math.round(clamp(value, 0, 1) * 100) / 100).replace(/^0\./, '.');
}

interface Canvas {
  w: number;
  h: number;
  /** Short unique prefix of the ids of this SVG, so several can share a page. */
  id: string;
  t: Tones;
  rnd: () => number;
  defs: string[];
}

function between(rnd: () => number, min: number, max: number): number {
  return min + (max - min) * rnd();
}

function open(w: number, h: number, label: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(label)}">`;
}

/** A vertical fade of one colour, from opacity `from` (top) to `to` (bottom). */
function fade(id: string, color: string, from: number, to: number): string {
  return `<linearGradient id="${id}" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="${o(from)}"/><stop offset="1" stop-color="${color}" stop-opacity="${o(to)}"/></linearGradient>`;
}

/** A soft radial light: `color` at `strength` in the centre, transparent at the rim. */
function soft(id: string, color: string, strength: number): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${o(strength)}"/><stop offset=".5" stop-color="${color}" stop-opacity="${o(strength * 0.3)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

// ---------------------------------------------------------------------------------------------
// Motifs: abstract shapes, each a handful of elements

const MOTIFS: Record<Motif, (c: Canvas, cx: number, cy: number) => string> = {
  /** Light rays fanning down from above, fading with distance. */
  rays(c, cx) {
    const { w, h, rnd } = c;
    const oy = -h * between(rnd, 0.05, 0.2);
    const reach = Math.hypot(w, h) * 1.2;
    c.defs.push(
      `<radialGradient id="${c.id}r" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(oy)}" r="${n(reach)}"><stop offset="0" stop-color="${c.t.glow}" stop-opacity=".75"/><stop offset=".7" stop-color="${c.t.glow}" stop-opacity="0"/></radialGradient>`,
    );
    const count = 5 + Math.floor(rnd() * 4);
    const paths = ['', ''];
    for (let i = 0; i < count; i++) {
      const angle = Math.PI * (0.18 + 0.64 * ((i + between(rnd, 0.1, 0.9)) / count));
      const spread = between(rnd, 0.012, 0.045);
      const a = angle - spread;
      const b = angle + spread;
      paths[i % 2] +=
        `M${n(cx)} ${n(oy)}L${n(cx + Math.cos(a) * reach)} ${n(oy + Math.sin(a) * reach)}L${n(cx + Math.cos(b) * reach)} ${n(oy + Math.sin(b) * reach)}Z`;
    }
    return `<path d="${paths[0]}" fill="url(#${c.id}r)" opacity=".55"/><path d="${paths[1]}" fill="url(#${c.id}r)" opacity=".3"/>`;
  },

  /** A low sun sliced by horizontal bands. */
  sun(c, cx, cy) {
    const { w, h, rnd } = c;
    const r = Math.min(w, h) * between(rnd, 0.2, 0.3);
    const y = Math.max(cy, h * 0.28);
    let cuts = '';
    for (let i = 0; i < 6; i++) {
      const top = y + r * (0.1 + i * 0.16);
      cuts += `<rect x="${n(cx - r)}" y="${n(top)}" width="${n(2 * r)}" height="${n(r * 0.02 * (i + 1))}"/>`;
    }
    c.defs.push(
      `<linearGradient id="${c.id}s" x2="0" y2="1"><stop offset="0" stop-color="${c.t.accent}"/><stop offset="1" stop-color="${c.t.glow}" stop-opacity=".2"/></linearGradient>`,
      `<mask id="${c.id}m"><rect width="${w}" height="${h}" fill="#fff"/><g fill="#000">${cuts}</g></mask>`,
    );
    return `<circle cx="${n(cx)}" cy="${n(y)}" r="${n(r * 2.2)}" fill="url(#${c.id}g)" opacity=".8"/><circle cx="${n(cx)}" cy="${n(y)}" r="${n(r)}" fill="url(#${c.id}s)" mask="url(#${c.id}m)" opacity=".9"/>`;
  },

  /** A planet and its orbits. */
  rings(c, cx, cy) {
    const { w, h, rnd } = c;
    const unit = Math.min(w, h);
    const r0 = unit * between(rnd, 0.07, 0.12);
    let rings = '';
    for (let i = 1; i <= 6; i++) {
      const r = r0 * (1 + i * between(rnd, 0.45, 0.7));
      const dash = i % 3 === 2 ? ` stroke-dasharray="${n(unit * 0.01)} ${n(unit * 0.02)}"` : '';
      rings += `<circle r="${n(r)}" stroke-width="${n(unit * (i === 2 ? 0.006 : 0.0025))}" opacity="${o(0.6 - i * 0.07)}"${dash}/>`;
    }
    const tilt = Math.round(between(rnd, -30, 30));
    c.defs.push(
      `<radialGradient id="${c.id}p" cx=".35" cy=".3"><stop offset="0" stop-color="${c.t.glow}"/><stop offset="1" stop-color="${c.t.deep}"/></radialGradient>`,
    );
    return `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${tilt}) scale(1 .42)" fill="none" stroke="${c.t.accent}">${rings}</g><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r0)}" fill="url(#${c.id}p)"/>`;
  },

  /** Tilted monoliths and a slash of light. */
  slabs(c, cx) {
    const { w, h, rnd } = c;
    const tilt = Math.round(between(rnd, -24, 24));
    const slabW = w * between(rnd, 0.1, 0.18);
    c.defs.push(fade(`${c.id}k`, c.t.glow, 0.85, 0));
    const x2 = cx + w * between(rnd, 0.15, 0.3) * (rnd() < 0.5 ? -1 : 1);
    const lineX = w * between(rnd, 0.1, 0.9);
    return (
      `<g transform="rotate(${tilt} ${n(cx)} ${n(h * 0.4)})" fill="url(#${c.id}k)"><rect x="${n(cx - slabW / 2)}" y="${n(-h * 0.1)}" width="${n(slabW)}" height="${n(h * 0.85)}" opacity=".7"/><rect x="${n(x2)}" y="${n(h * 0.05)}" width="${n(slabW * 0.45)}" height="${n(h * 0.6)}" opacity=".35"/></g>` +
      `<path d="M${n(lineX)} ${n(-h * 0.05)}L${n(lineX + w * between(rnd, -0.5, 0.5))} ${n(h * 1.05)}" stroke="${c.t.accent}" stroke-width="${n(Math.min(w, h) * 0.004)}" opacity=".55"/>`
    );
  },

  /** Layered mountain ridges in aerial perspective, their crests catching the light. */
  ridges(c) {
    const { w, h, rnd, t } = c;
    const fills = [t.glow, t.mid, t.deep];
    const opacities = [0.3, 0.85, 1];
    let out = '';
    for (let layer = 0; layer < 3; layer++) {
      const base = h * (0.52 + layer * 0.09 + between(rnd, -0.03, 0.03));
      const amp = h * (0.13 - layer * 0.03);
      const steps = 9 + layer * 3;
      let crest = '';
      for (let i = 0; i <= steps; i++) {
        const peak = i % 2 === 0 ? rnd() : rnd() * 0.35;
        crest += `${i === 0 ? 'M' : 'L'}${n((w * i) / steps + (i > 0 && i < steps ? between(rnd, -0.3, 0.3) * (w / steps) : 0))} ${n(base - amp * peak)}`;
      }
      out +=
        `<path d="${crest}L${w} ${h}H0Z" fill="${fills[layer]}" opacity="${o(opacities[layer] ?? 1)}"/>` +
        `<path d="${crest}" fill="none" stroke="${t.accent}" stroke-width="${n(Math.min(w, h) * 0.002)}" opacity="${o(0.45 - layer * 0.12)}"/>`;
    }
    return out;
  },

  /** Out-of-focus lights: soft glows and crisp bokeh discs. */
  orbs(c) {
    const { w, h, rnd, t } = c;
    c.defs.push(soft(`${c.id}a`, t.accent, 0.9), soft(`${c.id}b`, t.glow, 1));
    const unit = Math.min(w, h);
    let out = '';
    const count = 7 + Math.floor(rnd() * 5);
    for (let i = 0; i < count; i++) {
      const x = n(w * rnd());
      const y = n(h * between(rnd, 0.05, 0.7));
      if (i % 2 === 0) {
        const fill = i % 4 === 0 ? t.accent : t.glow;
        out += `<circle cx="${x}" cy="${y}" r="${n(unit * between(rnd, 0.02, 0.07))}" fill="${fill}" fill-opacity="${o(between(rnd, 0.12, 0.3))}" stroke="${fill}" stroke-opacity=".45" stroke-width="${n(unit * 0.003)}"/>`;
      } else {
        out += `<circle cx="${x}" cy="${y}" r="${n(unit * between(rnd, 0.08, 0.22))}" fill="url(#${c.id}${i % 3 === 0 ? 'a' : 'b'})" opacity="${o(between(rnd, 0.35, 0.8))}"/>`;
      }
    }
    return out;
  },

  /** A perspective floor grid under a glowing horizon. */
  grid(c, cx) {
    const { w, h, rnd } = c;
    const horizon = h * between(rnd, 0.46, 0.58);
    const depth = h - horizon;
    let d = '';
    for (let k = -12; k <= 12; k++) d += `M${n(cx + k * w * 0.02)} ${n(horizon)}L${n(cx + k * w * 0.22)} ${h}`;
    for (let i = 1; i <= 9; i++) {
      const y = horizon + depth * (i / 9) ** 2;
      d += `M0 ${n(y)}H${w}`;
    }
    c.defs.push(fade(`${c.id}f`, c.t.accent, 0.1, 0.8));
    return `<ellipse cx="${n(cx)}" cy="${n(horizon)}" rx="${n(w * 0.7)}" ry="${n(h * 0.09)}" fill="url(#${c.id}g)"/><path d="${d}" stroke="url(#${c.id}f)" stroke-width="${n(Math.min(w, h) * 0.003)}" fill="none"/><path d="M0 ${n(horizon)}H${w}" stroke="${c.t.accent}" stroke-width="${n(Math.min(w, h) * 0.004)}" opacity=".8"/>`;
  },

  /** A sound wave: mirrored bars under a smooth envelope. */
  bars(c, cx) {
    const { w, h, rnd } = c;
    const count = 36 + Math.floor(rnd() * 16);
    const step = w / count;
    const mid = h * between(rnd, 0.3, 0.45);
    const phase = rnd() * Math.PI * 2;
    let d = '';
    for (let i = 0; i < count; i++) {
      const x = i * step + step * 0.25;
      const focus = Math.exp(-(((x - cx) / (w * 0.3)) ** 2));
      const half = h * (0.015 + (0.05 + 0.18 * rnd()) * focus * (0.6 + 0.4 * Math.sin(i * 0.7 + phase)));
      d += `M${n(x)} ${n(mid - half)}h${n(step * 0.5)}v${n(2 * half)}h${n(-step * 0.5)}z`;
    }
    c.defs.push(
      `<linearGradient id="${c.id}e" x2="0" y2="1"><stop offset="0" stop-color="${c.t.accent}" stop-opacity=".15"/><stop offset=".5" stop-color="${c.t.accent}" stop-opacity=".9"/><stop offset="1" stop-color="${c.t.accent}" stop-opacity=".15"/></linearGradient>`,
    );
    return `<path d="${d}" fill="url(#${c.id}e)" opacity=".7"/>`;
  },
};

interface ScenePlan {
  /** Ranges of the light source's position, as fractions of the width and height. */
  glowX: [number, number];
  glowY: [number, number];
  /** Radius of the glow, as a fraction of the longer side. */
  glowSize: number;
  /** Chance of an anamorphic lens flare through the light source. */
  flare: number;
  /** Whether a second motif of the family is layered faintly behind the first. */
  layered: boolean;
  /** Which of the family's motifs to draw; random when absent. */
  motif?: number;
}

/**
 * The art shared by all formats: gradient ground, a glow, the title's motif(s), maybe a lens
 * flare, grain and vignette. Pushes its defs onto the canvas and returns the body.
 */
function scene(c: Canvas, plan: ScenePlan): string {
  const { w, h, rnd, t, id } = c;
  const angle = between(rnd, 0.3, 0.7) * Math.PI;
  const gx = w * between(rnd, ...plan.glowX);
  const gy = h * between(rnd, ...plan.glowY);
  const pick = (plan.motif ?? Math.floor(rnd() * t.motifs.length)) % t.motifs.length;
  const motif = t.motifs[pick] ?? 'rays';
  const unit = Math.max(w, h);
  c.defs.push(
    `<linearGradient id="${id}l" x1="${o(0.5 - Math.cos(angle) / 2)}" y1="${o(0.5 - Math.sin(angle) / 2)}" x2="${o(0.5 + Math.cos(angle) / 2)}" y2="${o(0.5 + Math.sin(angle) / 2)}"><stop offset="0" stop-color="${t.mid}"/><stop offset=".55" stop-color="${t.background}"/><stop offset="1" stop-color="${t.deep}"/></linearGradient>`,
    soft(`${id}g`, t.glow, 0.9),
    `<pattern id="${id}n" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M1 1h1v1H1zM4 3h1v1H4zM2 5h1v1H2zM6 6h1v1H6z" fill="#fff"/><path d="M5 0h1v1H5zM0 4h1v1H0zM3 6h1v1H3z" fill="#000"/></pattern>`,
    `<radialGradient id="${id}v" cx=".5" cy=".42" r=".75"><stop offset=".5" stop-color="${NIGHT}" stop-opacity="0"/><stop offset="1" stop-color="${NIGHT}" stop-opacity=".85"/></radialGradient>`,
  );
  let body =
    `<rect width="${w}" height="${h}" fill="url(#${id}l)"/>` +
    `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(unit * plan.glowSize)}" fill="url(#${id}g)"/>`;
  if (plan.layered && t.motifs.length > 1) {
    const other = t.motifs[(pick + 1 + Math.floor(rnd() * (t.motifs.length - 1))) % t.motifs.length] ?? motif;
    body += `<g opacity=".4">${MOTIFS[other](c, w - gx, gy)}</g>`;
  }
  body += MOTIFS[motif](c, gx, gy);
  if (rnd() < plan.flare) {
    c.defs.push(
      soft(`${id}c`, t.ink, 1),
      `<linearGradient id="${id}h"><stop offset="0" stop-color="${t.accent}" stop-opacity="0"/><stop offset=".5" stop-color="${t.ink}" stop-opacity=".9"/><stop offset="1" stop-color="${t.accent}" stop-opacity="0"/></linearGradient>`,
    );
    body +=
      `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(unit * 0.07)}" fill="url(#${id}g)"/>` +
      `<ellipse cx="${n(gx)}" cy="${n(gy)}" rx="${n(w * 0.55)}" ry="${n(Math.max(1.2, h * 0.0035))}" fill="url(#${id}h)"/>` +
      `<circle cx="${n(gx)}" cy="${n(gy)}" r="${n(unit * 0.02)}" fill="url(#${id}c)"/>`;
  }
  return (
    body +
    `<rect width="${w}" height="${h}" fill="url(#${id}n)" opacity=".08"/>` +
    `<rect width="${w}" height="${h}" fill="url(#${id}v)"/>`
  );
}

function canvas(subject: ArtSubject, w: number, h: number, kind: string): Canvas {
  const seed = seedOf(subject);
  return {
    w,
    h,
    id: `${kind}${seed.toString(36)}`,
    t: tones(subject.genre_ids, seed),
    rnd: random(seed),
    defs: [],
  };
}

function labelOf(subject: ArtSubject, suffix: string): string {
  const title = graphemes(cleanText(subject.title));
  const short = title.length > 80 ? `${title.slice(0, 79).join('')}${ELLIPSIS.text}` : title.join('');
  const year = cleanYear(subject.year);
  return `${short || 'Untitled'}${year ? ` (${year})` : ''}, ${suffix}`;
}

function cleanYear(year: string | null): string {
  return year ? graphemes(cleanText(year)).slice(0, 12).join('') : '';
}

/** A title line, its width pinned so it stays inside the canvas in any font. */
function titleLine(text: string, x: number, y: number, size: number, width: number, extra = ''): string {
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(size)}" textLength="${n(width)}" lengthAdjust="spacingAndGlyphs"${extra}>${escapeXml(text)}</text>`;
}

/** Splits "Main: Subtitle" (and "Dr. Strangelove or: How I…") into a main title and a subtitle. */
function splitTitle(title: string): { lead: string; main: string; sub: string } {
  let main = title;
  let sub = '';
  const colon = /^(.{2,}?)\s*(?::|\s[-\u2013\u2014])\s+(.{3,})$/u.exec(title);
  if (colon) {
    main = colon[1] ?? title;
    sub = colon[2] ?? '';
    const or = /^(.+)\s(or)$/iu.exec(main);
    if (or) {
      main = or[1] ?? main;
      sub = `${or[2] ?? ''}: ${sub}`;
    }
  }
  let lead = '';
  const article = /^(the)\s(.+)$/iu.exec(main);
  if (article && displayWidth(article[2] ?? '') >= 2) {
    lead = article[1] ?? '';
    main = article[2] ?? main;
  }
  return { lead, main, sub };
}

// ---------------------------------------------------------------------------------------------
// Formats

/** A 2:3 poster (500×750): art in the upper part, the title block at the bottom. */
export function posterSvg(subject: ArtSubject): string {
  const W = 500;
  const H = 750;
  const c = canvas(subject, W, H, 'p');
  const { id, t, rnd } = c;
  const art = scene(c, { glowX: [0.2, 0.8], glowY: [0.14, 0.4], glowSize: 0.55, flare: 0.3, layered: false });
  c.defs.push(
    `<linearGradient id="${id}d" x2="0" y2="1"><stop offset=".38" stop-color="${NIGHT}" stop-opacity="0"/><stop offset=".72" stop-color="${NIGHT}" stop-opacity=".82"/><stop offset="1" stop-color="${NIGHT}" stop-opacity=".96"/></linearGradient>`,
  );

  const title = cleanText(subject.title).toUpperCase() || 'UNTITLED';
  const parts = splitTitle(title);
  const centred = rnd() < 0.5;
  const margin = 40;
  const x = centred ? W / 2 : margin;
  const anchor = centred ? ' text-anchor="middle"' : '';
  const year = cleanYear(subject.year);
  const genres = genreNames(subject.media_type, subject.genre_ids).map((name) => name.toUpperCase());
  const genreLine = [genres.slice(0, 2).join(' · '), genres[0] ?? ''].find(
    (text) => labelEm(text, 0.2) * 13 <= W - 2 * margin,
  );

  // Bottom-up: genres, gold rule, subtitle, title, lead article.
  let y = genreLine ? 706 : 716;
  let text = '';
  if (genreLine) {
    text += `<text x="${x}" y="706" font-size="13" letter-spacing="2.6" fill="${t.ink}" opacity=".66"${anchor}>${escapeXml(genreLine)}</text>`;
  }
  const ruleY = y - 26;
  text += `<rect x="${centred ? W / 2 - 24 : margin}" y="${ruleY}" width="48" height="3" fill="${GOLD}"/>`;
  y = ruleY - 20;

  let subText = '';
  if (parts.sub) {
    const sub = fitTitle(parts.sub, {
      width: W - 2 * margin,
      height: 60,
      maxLines: 2,
      minSize: 14,
      maxSize: 21,
      tracking: 0.12,
      pitch: 1.4,
    });
    for (let i = sub.lines.length - 1; i >= 0; i--) {
      subText += titleLine(
        sub.lines[i] ?? '',
        x,
        y,
        sub.size,
        sub.widths[i] ?? 0,
        ` letter-spacing="${n(sub.size * 0.12)}"`,
      );
      y -= sub.size * 1.4;
    }
    y -= sub.size * (CAP - 1.4) + 22;
  }

  const fit = fitTitle(parts.main, {
    width: W - 2 * margin,
    height: y - 330,
    maxLines: parts.sub ? 3 : 4,
    minSize: 30,
    maxSize: 136,
    tracking: 0.02,
    pitch: 1.04,
  });
  let titleText = '';
  for (let i = fit.lines.length - 1; i >= 0; i--) {
    titleText += titleLine(fit.lines[i] ?? '', x, y, fit.size, fit.widths[i] ?? 0);
    y -= fit.size * 1.04;
  }
  y += fit.size * (1.04 - CAP);
  if (parts.lead) {
    text += `<text x="${x}" y="${n(y - 14)}" font-size="18" letter-spacing="7" fill="${t.accent}"${anchor}>${escapeXml(parts.lead)}</text>`;
  }

  const top =
    `<rect x="${margin}" y="43" width="16" height="2" fill="${GOLD}"/>` +
    `<text x="${margin + 24}" y="50" font-size="14" font-weight="700" letter-spacing="4" fill="${GOLD}">${subject.media_type === 'tv' ? 'SERIES' : 'FILM'}</text>` +
    (year
      ? `<text x="${W - margin}" y="50" font-size="14" font-weight="600" letter-spacing="2.4" fill="${t.ink}" opacity=".75" text-anchor="end">${escapeXml(year)}</text>`
      : '');

  return (
    open(W, H, labelOf(subject, 'poster')) +
    `<defs>${c.defs.join('')}</defs>` +
    art +
    `<rect width="${W}" height="${H}" fill="url(#${id}d)"/>` +
    `<rect x="14.5" y="14.5" width="${W - 29}" height="${H - 29}" rx="3" fill="none" stroke="${t.ink}" stroke-opacity=".14"/>` +
    `<g font-family="${TEXT_FONT}" font-weight="600">${top}${text}</g>` +
    `<g font-family="${TITLE_FONT}" font-weight="600" letter-spacing="${n(fit.size * 0.02)}" fill="${t.ink}"${anchor}>${titleText}</g>` +
    (subText ? `<g font-family="${TITLE_FONT}" font-weight="400" fill="${t.accent}"${anchor}>${subText}</g>` : '') +
    '</svg>'
  );
}

/** A 16:9 backdrop (1280×720): atmosphere only, darker towards the bottom left. */
export function backdropSvg(subject: ArtSubject): string {
  const W = 1280;
  const H = 720;
  const c = canvas(subject, W, H, 'b');
  const art = scene(c, { glowX: [0.5, 0.82], glowY: [0.22, 0.5], glowSize: 0.42, flare: 0.5, layered: true });
  c.defs.push(
    `<linearGradient id="${c.id}d" x1="0" y1="1" x2=".75" y2=".1"><stop offset="0" stop-color="${NIGHT}" stop-opacity=".92"/><stop offset=".45" stop-color="${NIGHT}" stop-opacity=".45"/><stop offset="1" stop-color="${NIGHT}" stop-opacity="0"/></linearGradient>`,
  );
  return (
    open(W, H, labelOf(subject, 'backdrop')) +
    `<defs>${c.defs.join('')}</defs>` +
    art +
    `<rect width="${W}" height="${H}" fill="url(#${c.id}d)"/>` +
    '</svg>'
  );
}

/** A 16:9 episode still (400×225): a frame of the series' art with "S1 · E2" and the episode name. */
export function stillSvg(subject: StillSubject): string {
  const W = 400;
  const H = 225;
  const count = (value: number): number => (Number.isFinite(value) ? Math.trunc(clamp(value, -1e6, 1e6)) : 0);
  const season = count(subject.season_number);
  const episode = count(subject.episode_number);
  // Each episode gets its own composition, in the series' colours.
  const c = canvas(subject, W, H, 's');
  c.rnd = random(hash(`${seedOf(subject)}:${season}:${episode}`));
  c.id = `s${hash(`${c.id}:${season}:${episode}`).toString(36)}`;
  const art = scene(c, {
    glowX: [0.3, 0.85],
    glowY: [0.15, 0.5],
    glowSize: 0.5,
    flare: 0.35,
    layered: false,
    // Consecutive episodes never share a composition.
    motif: (seedOf(subject) % 3) + Math.abs(episode),
  });
  c.defs.push(fade(`${c.id}d`, NIGHT, 0, 0.88));

  const code = `S${season} · E${episode}`;
  const name = cleanText(subject.episode_name ?? '') || `Episode ${episode}`;
  const margin = 18;
  const maxWidth = W - 2 * margin;
  const upper = name.toUpperCase();
  const fit = fitTitle(upper, {
    width: maxWidth,
    height: 30,
    maxLines: 1,
    minSize: 12,
    maxSize: 22,
    tracking: 0.03,
    pitch: 1,
  });
  const line = fit.lines[0] ?? '';
  return (
    open(W, H, labelOf(subject, `${code}: ${graphemes(name).slice(0, 80).join('')}`)) +
    `<defs>${c.defs.join('')}</defs>` +
    art +
    `<rect y="${H * 0.45}" width="${W}" height="${H * 0.55}" fill="url(#${c.id}d)"/>` +
    `<text x="${margin}" y="${H - 46}" font-family="${TEXT_FONT}" font-size="12" font-weight="700" letter-spacing="1.8" fill="${GOLD}">${escapeXml(code)}</text>` +
    `<g font-family="${TITLE_FONT}" font-weight="500" letter-spacing="${n(fit.size * 0.03)}" fill="${c.t.ink}">${titleLine(line, margin, H - 22, fit.size, fit.widths[0] ?? 0)}</g>` +
    '</svg>'
  );
}
