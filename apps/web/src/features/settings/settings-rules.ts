import {
  isUsableCustomSource,
  type CustomVideoSource,
  type DefaultContentType,
  type FontSize,
  type PosterQuality,
  type RatingFilter,
} from '@marquee/core';
import { groupDigits } from '@/lib/format.ts';

/** The side tabs of product.md §2 Settings screen; the id is the URL hash (/settings#privacy). */
export const SETTINGS_TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'display', label: 'Display & UI' },
  { id: 'content', label: 'Content' },
  { id: 'privacy', label: 'Privacy' },
  { id: 'accessibility', label: 'Accessibility' },
  { id: 'data', label: 'Data Management' },
] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** The anchor of the custom sources editor; the player's recent-release warning links to it. */
export const CUSTOM_SOURCES_ANCHOR = 'custom-video-sources';

/** Anchors inside a tab that open it. */
const ANCHOR_TABS: Record<string, SettingsTabId> = { [CUSTOM_SOURCES_ANCHOR]: 'content' };

/** The tab a URL hash selects: a tab id, an anchor inside a tab, or Profile. */
export function tabFromHash(hash: string): SettingsTabId {
  const id = decodeURIComponent(hash.replace(/^#/, '')).toLowerCase();
  const tab = SETTINGS_TABS.find((candidate) => candidate.id === id);
  return tab?.id ?? ANCHOR_TABS[id] ?? 'profile';
}

export const POSTER_QUALITY_LABELS: Record<PosterQuality, string> = {
  auto: 'Auto (fits your screen)',
  high: 'High',
  medium: 'Medium',
  low: 'Low (saves data)',
};

export const FONT_SIZE_LABELS: Record<FontSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' };

/** The root font size of each setting (styles.css `html[data-font-size]`), kept in the px setting too. */
export const FONT_SIZE_PX: Record<FontSize, number> = { small: 14, medium: 16, large: 18 };

export const RATING_FILTER_LABELS: Record<RatingFilter, string> = {
  pg: 'PG — suitable for children',
  pg13: 'PG-13 — up to teens',
  r: 'R — up to restricted',
  all: 'All ratings',
};

export const CONTENT_TYPE_LABELS: Record<DefaultContentType, string> = {
  both: 'Movies and TV shows',
  movie: 'Movies',
  tv: 'TV shows',
};

export const LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh', name: '中文' },
  { code: 'hi', name: 'हिन्दी' },
];

export const REGIONS: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'IE', name: 'Ireland' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BR', name: 'Brazil' },
  { code: 'MX', name: 'Mexico' },
  { code: 'IN', name: 'India' },
  { code: 'JP', name: 'Japan' },
  { code: 'KR', name: 'South Korea' },
];

/** Choices of a select, keeping a stored value the list does not know (e.g. imported) selectable. */
export function withCurrent(
  choices: ReadonlyArray<{ code: string; name: string }>,
  current: string,
): ReadonlyArray<{ code: string; name: string }> {
  return choices.some((choice) => choice.code === current) ? choices : [...choices, { code: current, name: current }];
}

/**
 * The built-in video sources, first in the source list (DESIGN.md: Library, the server's own
 * files; Trailer, the title's official trailer).
 */
export const BUILT_IN_SOURCES = [
  { name: 'Library', description: 'videos on this server' },
  { name: 'Trailer', description: 'the official trailer' },
] as const;

export interface VideoSourceChoice {
  /** The defaultVideoSource value that picks it. */
  index: number;
  name: string;
  isCustom: boolean;
}

/**
 * The source list that defaultVideoSource indexes: the built-ins, then the custom sources that
 * can be used (a name and at least one URL, product.md §5), in their order.
 */
export function videoSourceChoices(custom: readonly CustomVideoSource[]): VideoSourceChoice[] {
  const builtIns = BUILT_IN_SOURCES.map((source, index) => ({ index, name: source.name, isCustom: false }));
  const usable = custom.filter(isUsableCustomSource).map((source, position) => ({
    index: BUILT_IN_SOURCES.length + position,
    name: source.name.trim(),
    isCustom: true,
  }));
  return [...builtIns, ...usable];
}

/**
 * The default source after the custom sources change, so that it keeps pointing at the same
 * source: a custom source's place in the list moves when one before it is removed, completed or
 * emptied. A default whose source is removed or no longer usable falls back to the first one.
 * `removedAt` is the array index of a removed source, if one was.
 */
export function remapDefaultSource(
  defaultIndex: number,
  before: readonly CustomVideoSource[],
  after: readonly CustomVideoSource[],
  removedAt?: number,
): number {
  const builtIns = BUILT_IN_SOURCES.length;
  if (defaultIndex < builtIns) return defaultIndex;
  const usableBefore = before.flatMap((source, index) => (isUsableCustomSource(source) ? [index] : []));
  const picked = usableBefore[defaultIndex - builtIns];
  if (picked === undefined || picked === removedAt) return 0;
  const pickedAfter = removedAt !== undefined && picked > removedAt ? picked - 1 : picked;
  const usableAfter = after.flatMap((source, index) => (isUsableCustomSource(source) ? [index] : []));
  const position = usableAfter.indexOf(pickedAfter);
  return position === -1 ? 0 : builtIns + position;
}

/** The selectable value of defaultVideoSource: a stale index (past the list) shows the first source. */
export function shownDefaultSource(defaultIndex: number, choices: readonly VideoSourceChoice[]): number {
  return defaultIndex < choices.length ? defaultIndex : 0;
}

/** A URL template may be empty (not filled in yet) or an http(s) address (core's schema rule). */
export function isValidTemplate(url: string): boolean {
  const trimmed = url.trim();
  return trimmed === '' || /^https?:\/\//i.test(trimmed);
}

/** Whether the text may still become a valid address as the user types ("ht", "https:/"). */
export function couldBecomeValidTemplate(url: string): boolean {
  const lower = url.trim().toLowerCase();
  return 'https://'.startsWith(lower) || 'http://'.startsWith(lower);
}

export const TEMPLATE_ERROR = 'Enter a web address starting with http:// or https://';

/** An empty custom source, as "Add source" creates it. */
export function emptyCustomSource(): CustomVideoSource {
  return { name: '', movieUrl: '', tvUrl: '', recommended: false };
}

/** Storage used, as Data Management shows it: "3.4 KB". */
export function formatKilobytes(bytes: number): string {
  const kb = bytes / 1024;
  return `${kb < 10 ? kb.toFixed(1) : groupDigits(kb)} KB`;
}

/** The user id shortened to 8 characters (product.md §9), or Guest when signed out. */
export function shortUserId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : 'Guest';
}
