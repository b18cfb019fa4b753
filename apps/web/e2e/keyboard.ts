import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sweepTo } from './support.ts';

/** Where the keyboard focus is, and what shows it. */
export interface FocusStop {
  tag: string;
  /** The name a user hears: aria-label, else the labels, else the text. */
  name: string;
  /** What changed when the element took the focus (`outline on button`), or null when nothing visible did. */
  indicator: string | null;
  /** Why the stop fails, when it does: no visible change, a faint indicator, hidden or covered. */
  problem: string | null;
  /** The element's number in this page, the same on every visit (to know when the focus comes round). */
  id: number;
}

/**
 * Judges the element with the keyboard focus in the page: compares the computed outline,
 * box-shadow, border and background of the element, its ::before and ::after, its labels (a
 * visually hidden input shows its focus on its label) and its 4 closest ancestors (a card's ring
 * drawn with :focus-within or :has()) while focused with the same element unfocused. A stop shows
 * its focus when one of them visibly changes: an outline of 1px or more, a box-shadow with a
 * colour and a spread (Tailwind's idle ring layers are transparent), a border, or a background,
 * in a colour with 3:1 contrast against what is next to it (WCAG 1.4.11). Under forced colours
 * the browser drops box-shadows and repaints colours, so only an outline, or a border that
 * appears or widens, counts there. The element must also be on screen: inside the viewport, not
 * in a transparent ancestor, not mostly covered (by the floating buttons or the fixed header).
 *
 * The element is blurred and focused again for the comparison, with the focus events held back at
 * the window so that no menu closes or list clears meanwhile.
 */
function judgeFocus(forced: boolean): FocusStop | null {
  type Rgba = [number, number, number, number];
  interface Box {
    outline: { style: string; width: number; color: string; offset: number };
    shadows: string[];
    border: { width: number; style: string; color: string }[];
    background: string;
  }
  interface Candidate {
    element: Element;
    pseudo: string | null;
    label: string;
  }

  // The text a user hears: no aria-hidden or undisplayed parts, no form controls inside a label.
  const textOf = (node: Node | null): string => {
    let text = '';
    node?.childNodes.forEach((child) => {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent;
      if (!(child instanceof HTMLElement) && !(child instanceof SVGElement)) return;
      if (child.getAttribute('aria-hidden') === 'true' || getComputedStyle(child).display === 'none') return;
      if (['SELECT', 'INPUT', 'TEXTAREA'].includes(child.tagName)) return;
      text += ` ${textOf(child)} `;
    });
    return text;
  };

  // Any CSS colour (Tailwind's opacity modifiers compute to oklab()), as sRGB through a canvas.
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  const parsed = new Map<string, Rgba>();
  const parseColor = (value: string): Rgba => {
    if (!parsed.has(value)) {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = '#0000';
      context.fillStyle = value;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      parsed.set(value, [r!, g!, b!, a! / 255]);
    }
    return parsed.get(value)!;
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3];
    return [
      top[0] * alpha + bottom[0] * (1 - alpha),
      top[1] * alpha + bottom[1] * (1 - alpha),
      top[2] * alpha + bottom[2] * (1 - alpha),
      1,
    ];
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  /** The colour behind an element, from the background colours of it (when asked) and its ancestors. */
  const backdropOf = (element: Element, includeSelf: boolean): Rgba => {
    const layers: Rgba[] = [];
    for (let node: Element | null = includeSelf ? element : element.parentElement; node; node = node.parentElement) {
      const color = parseColor(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    // Under the page's own background (on <html>), the browser's white canvas.
    let color: Rgba = [255, 255, 255, 1];
    for (const layer of layers.reverse()) color = over(layer, color);
    return color;
  };
  const describe = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    const name = element.getAttribute('aria-label') ?? element.id;
    if (name) return `${tag} "${name.slice(0, 30)}"`;
    const classes = Array.from(element.classList).slice(0, 3);
    return classes.length > 0 ? `${tag}.${classes.join('.')}` : tag;
  };

  const colorOf = (shadow: string) => shadow.match(/[a-z-]+\([^)]*\)|#\w+/)?.[0] ?? 'transparent';

  const boxOf = ({ element, pseudo }: Candidate): Box => {
    const style = getComputedStyle(element, pseudo);
    // A shadow counts when it has a colour and reaches beyond the box (a spread): Tailwind's
    // unused ring and shadow layers are fully transparent ones.
    const shadows = (style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/))
      .map((shadow) => shadow.trim())
      .filter((shadow) => {
        const color = parseColor(colorOf(shadow));
        const lengths = shadow
          .replace(/[a-z-]+\([^)]*\)|#\w+/, '')
          .match(/-?[\d.]+px/g)
          ?.map(parseFloat);
        const spread = lengths?.[3] ?? 0;
        return color[3] > 0 && spread > 0;
      });
    const sides = ['top', 'right', 'bottom', 'left'] as const;
    return {
      outline: {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth) || 0,
        color: style.outlineColor,
        offset: parseFloat(style.outlineOffset) || 0,
      },
      shadows,
      border: sides.map((side) => ({
        width: parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0,
        style: style.getPropertyValue(`border-${side}-style`),
        color: style.getPropertyValue(`border-${side}-color`),
      })),
      background: style.backgroundColor,
    };
  };

  /** Ends running CSS transitions and animations (a ring fading in), so the styles read are the ones that stay. */
  const settle = () => {
    for (const animation of document.getAnimations()) {
      if (!(animation instanceof CSSTransition) && !(animation instanceof CSSAnimation)) continue;
      const iterations = animation.effect?.getTiming().iterations;
      if (iterations !== Infinity && animation.playState === 'running') animation.finish();
    }
  };

  let element = document.activeElement as HTMLElement | null;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement as HTMLElement;
  if (!element || element === document.body) return null;

  const labelledBy = element.getAttribute('aria-labelledby');
  const labels = Array.from((element as HTMLInputElement).labels ?? []);
  const name = (
    element.getAttribute('aria-label') ??
    (labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => textOf(document.getElementById(id)))
          .join(' ')
      : null) ??
    (labels.length > 0 ? textOf(labels[0]!) : null) ??
    (element instanceof HTMLIFrameElement ? element.title : null) ??
    textOf(element)
  )
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  const state = window as { focusIds?: WeakMap<Element, number>; focusIdCount?: number };
  const ids = (state.focusIds ??= new WeakMap());
  if (!ids.has(element)) ids.set(element, (state.focusIdCount = (state.focusIdCount ?? 0) + 1));
  const stop: FocusStop = {
    tag: element.tagName.toLowerCase(),
    name,
    indicator: null,
    problem: null,
    id: ids.get(element)!,
  };

  // A visually hidden control (a file input under its label) shows nothing of its own.
  const own = element.getBoundingClientRect();
  const ownStyle = getComputedStyle(element);
  const isHidden =
    own.width < 2 ||
    own.height < 2 ||
    ownStyle.clipPath.startsWith('inset(50%') ||
    ownStyle.clip === 'rect(0px, 0px, 0px, 0px)';
  const candidates: Candidate[] = [
    ...(isHidden
      ? []
      : [
          { element, pseudo: null, label: 'the element' },
          { element, pseudo: '::before', label: 'its ::before' },
          { element, pseudo: '::after', label: 'its ::after' },
        ]),
    ...labels.map((label) => ({ element: label, pseudo: null, label: 'its label' })),
  ];
  let ancestor = element.parentElement;
  for (let level = 0; level < 4 && ancestor && ancestor !== document.body; level++) {
    candidates.push({ element: ancestor, pseudo: null, label: `its ancestor ${describe(ancestor)}` });
    ancestor = ancestor.parentElement;
  }

  // A stop made like one judged before on this page (the same markup: tag, classes, inline style
  // and state attributes of it, its labels and its ancestors, over the same colour) shows its
  // focus the same way: its indicator is taken from then. Comparing focused with unfocused restyles
  // the whole page twice, which on a page of a hundred cards is most of a sweep's time. Where it
  // is on screen is still judged for each.
  const STATES = ['type', 'role', 'disabled', 'aria-selected', 'aria-pressed', 'aria-checked', 'aria-expanded'];
  const markupOf = (node: Element) =>
    [node.tagName, node.getAttribute('class'), node.getAttribute('style'), ...STATES, 'aria-current', 'data-state']
      .map((part, index) => (index < 3 ? part : node.getAttribute(part!)))
      .join('\u0001');
  const signature =
    element instanceof HTMLIFrameElement
      ? null
      : [
          forced,
          isHidden,
          ...candidates.filter((candidate) => !candidate.pseudo).map((candidate) => markupOf(candidate.element)),
          backdropOf(element, false).join(),
        ].join('\u0002');
  const judged = ((
    state as { judgedMarkup?: Map<string, { indicator: string | null; problem: string | null }> }
  ).judgedMarkup ??= new Map());
  const known = signature === null ? undefined : judged.get(signature);

  settle();
  const focusedBoxes = known ? [] : candidates.map(boxOf);
  let blurredBoxes: Box[] = [];

  // The same element without the focus. A frame's page runs in another process: its indicator
  // follows the data-keyboard-focus attribute the app sets, not :focus.
  if (known) {
    stop.indicator = known.indicator;
    stop.problem = known.problem;
  } else if (element instanceof HTMLIFrameElement) {
    const value = element.getAttribute('data-keyboard-focus');
    element.removeAttribute('data-keyboard-focus');
    settle();
    blurredBoxes = candidates.map(boxOf);
    if (value !== null) element.setAttribute('data-keyboard-focus', value);
  } else {
    const hold = (event: Event) => event.stopImmediatePropagation();
    const events = ['focus', 'blur', 'focusin', 'focusout', 'change'];
    for (const type of events) window.addEventListener(type, hold, true);
    try {
      element.blur();
      settle();
      blurredBoxes = candidates.map(boxOf);
      element.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
    } finally {
      for (const type of events) window.removeEventListener(type, hold, true);
    }
    settle();
  }

  const faint: string[] = [];
  const consider = (what: string, color: string, backdrop: Rgba) => {
    const ratio = contrast(over(parseColor(color), backdrop), backdrop);
    if (ratio >= 3) stop.indicator ??= what;
    else faint.push(`${what} (${color}, ${ratio.toFixed(1)}:1)`);
  };
  (known ? [] : candidates).forEach((candidate, index) => {
    const focused = focusedBoxes[index]!;
    const blurred = blurredBoxes[index]!;
    const where = `${candidate.label}`;
    const outline = focused.outline;
    const outlineShown = (box: Box) =>
      box.outline.style !== 'none' && box.outline.width >= 1 && parseColor(box.outline.color)[3] > 0;
    if (
      outlineShown(focused) &&
      (!outlineShown(blurred) ||
        blurred.outline.color !== outline.color ||
        blurred.outline.width !== outline.width ||
        blurred.outline.style !== outline.style)
    ) {
      consider(`outline on ${where}`, outline.color, backdropOf(candidate.element, outline.offset < 0));
    }
    if (!forced) {
      for (const shadow of focused.shadows.filter((shadow) => !blurred.shadows.includes(shadow))) {
        consider(`box-shadow on ${where}`, colorOf(shadow), backdropOf(candidate.element, shadow.includes('inset')));
      }
    }
    focused.border.forEach((side, sideIndex) => {
      const before = blurred.border[sideIndex]!;
      if (side.width < 1 || side.style === 'none' || side.style === 'hidden') return;
      // Under forced colours Chromium paints a focused field's border in Highlight on its own, as
      // other browsers do not: there only a border the app widens or draws counts.
      const colorChanged = !forced && side.color !== before.color;
      if (!colorChanged && side.width === before.width && side.style === before.style) return;
      consider(`border on ${where}`, side.color, backdropOf(candidate.element, false));
    });
    if (!forced && focused.background !== blurred.background) {
      const behind = backdropOf(candidate.element, false);
      const ratio = contrast(
        over(parseColor(focused.background), behind),
        over(parseColor(blurred.background), behind),
      );
      if (ratio >= 3) stop.indicator ??= `background on ${where}`;
      else faint.push(`background on ${where} (${ratio.toFixed(1)}:1 against unfocused)`);
    }
  });

  if (!known && !stop.indicator) {
    stop.problem = faint.length > 0 ? `faint focus indicator: ${faint.join('; ')}` : 'no visible focus indicator';
  }
  if (!known && signature !== null) judged.set(signature, { indicator: stop.indicator, problem: stop.problem });

  // Shown on screen: a visible box inside the viewport, not hidden by a transparent ancestor nor
  // mostly covered by something else (the floating buttons over the focused control). A visually
  // hidden input is shown by its label.
  const shown = (isHidden && labels.find((label) => label.getBoundingClientRect().width >= 2)) || element;
  const rect = shown.getBoundingClientRect();
  let transparent: Element | null = null;
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (Number(getComputedStyle(node).opacity) < 0.1) transparent = node;
  }
  if (rect.width < 1 || rect.height < 1) stop.problem ??= 'has no size on screen';
  else if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) {
    stop.problem ??= 'is outside the viewport';
  } else if (transparent) stop.problem ??= `is inside a transparent ${describe(transparent)}`;
  else {
    // The centre and four points halfway to the corners: covered when most of them are.
    const covers: Element[] = [];
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.25, 0.25],
      [0.75, 0.25],
      [0.25, 0.75],
      [0.75, 0.75],
    ] as const) {
      const x = rect.left + rect.width * fx;
      const y = rect.top + rect.height * fy;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && !shown.contains(hit) && !hit.contains(shown) && !element.contains(hit)) covers.push(hit);
    }
    if (covers.length >= 3) stop.problem ??= `is covered by ${describe(covers[0]!)}`;
  }
  return stop;
}

/** Where the keyboard focus is and whether it shows (see judgeFocus). */
export function focusStop(page: Page, { forced = false } = {}): Promise<FocusStop | null> {
  return page.evaluate(judgeFocus, forced);
}

/** A stop in a list of failures: `"Name" <tag>: the problem`. */
export const describeStop = (stop: FocusStop) => `"${stop.name}" <${stop.tag}>: ${stop.problem}`;

/**
 * Judges the stop once what moves has settled: an embed's frame (see below), or a control that
 * a smooth scroll, a toast or a dialog's entrance still hides a moment after the key.
 */
async function settledStop(page: Page, forced: boolean): Promise<FocusStop | null> {
  let stop = await focusStop(page, { forced });
  // An embed's page runs in another process: the focus enters its frame, and leaves again when
  // the page holds nothing to focus, a moment after the key. Judge the frame once it has settled.
  for (let wait = 0; stop?.tag === 'iframe' && stop.problem && wait < 40; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop = await focusStop(page, { forced });
  }
  for (let wait = 0; stop?.problem?.startsWith('is ') && wait < 10; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop = await focusStop(page, { forced });
  }
  return stop;
}

/** Asserts the focus is on an element whose name matches, and that it shows. */
export async function expectFocus(page: Page, name: string | RegExp, { forced = false } = {}): Promise<void> {
  // Radix moves the focus a moment after the key (as a menu or dialog mounts or unmounts).
  await expect
    .poll(async () => (await focusStop(page, { forced }))?.name ?? '(nothing: the focus is on the page itself)')
    .toMatch(name);
  // A page that scrolls smoothly (to the top, to the focused control) brings the focus in view.
  await expect
    .poll(async () => {
      const stop = await focusStop(page, { forced });
      return stop?.problem ? describeStop(stop) : null;
    })
    .toBeNull();
}

/**
 * Presses Tab (Shift+Tab backwards) and returns once the key has gone down, which is when the
 * focus moves, with the key's release under way. A sweep judges the stop meanwhile: nothing in the
 * app listens to a key's release, and a stop costs two round trips to the browser instead of
 * three, over thousands of stops.
 */
async function pressTab(page: Page, backwards: boolean): Promise<{ released: Promise<void> }> {
  if (backwards) await page.keyboard.down('Shift');
  await page.keyboard.down('Tab');
  const release = async () => {
    await page.keyboard.up('Tab');
    if (backwards) await page.keyboard.up('Shift');
  };
  return { released: release() };
}

export interface SweepOptions {
  /** The most presses of Tab; the sweep also ends when the focus comes round to its first stop. */
  max?: number;
  forced?: boolean;
  backwards?: boolean;
  /** Ends the sweep on the stop whose name matches. */
  until?: string | RegExp;
}

/**
 * Presses Tab through the page, judging every stop, until `until` is reached, the focus comes
 * round to the first stop again (or leaves the page twice) or `max` presses. Returns the stops,
 * the failures (see describeStop) and whether `until` was reached.
 */
export async function sweep(page: Page, { max = 150, forced = false, backwards = false, until }: SweepOptions = {}) {
  const stops: FocusStop[] = [];
  const failures: string[] = [];
  const matches = (name: string) =>
    until === undefined ? false : typeof until === 'string' ? name === until : until.test(name);
  let first: number | undefined;
  let outside = 0;
  // The start-up overlay fades out over the first page shown, and covers it meanwhile.
  await page.waitForFunction(() => !document.getElementById('boot-overlay'));
  for (let step = 0; step < max; step++) {
    const { released } = await pressTab(page, backwards);
    const [stop] = await Promise.all([settledStop(page, forced), released]);
    if (!stop) {
      if (until === undefined && stops.length > 0 && ++outside >= 2) break;
      continue;
    }
    if (stop.id === first && until === undefined) break;
    first ??= stop.id;
    stops.push(stop);
    if (stop.problem) failures.push(describeStop(stop));
    if (matches(stop.name)) return { stops, failures, reached: true };
  }
  return { stops, failures, reached: until === undefined };
}

/**
 * Presses Tab (or Shift+Tab) until the focus reaches an element whose name matches, and asserts
 * that every stop on the way showed where the focus was.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  { max = 40, backwards = false, forced = false } = {},
): Promise<void> {
  const { stops, failures, reached } = await sweep(page, { max, backwards, forced, until: name });
  if (!reached) {
    const seen = stops.map((stop) => stop.name || `<${stop.tag}>`).join(' | ');
    throw new Error(`${String(name)} was not reached in ${max} presses of Tab; the stops: ${seen}`);
  }
  expect(failures, 'stops without a visible focus indicator').toEqual([]);
}

/** Each failure once, with how many stops had it. */
function counted(failures: string[]): string[] {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
  return Array.from(counts, ([failure, count]) => (count > 1 ? `${failure} (×${count})` : failure));
}

/** Asserts that no stop of a sweep failed, listing the ones that did. */
export function expectNoFailures(failures: string[], where: string) {
  expect(counted(failures), `focus stops on ${where} that do not show the focus`).toEqual([]);
}

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

/**
 * Something in Watch Later (Saved Film, then Saved Series) and History (Watched Film, then
 * Watched Series), so that their cards and buttons are on the pages; and the settings given.
 */
export async function seedLibrary(context: BrowserContext, sample: { movie: number; tv: number }, settings = {}) {
  const historyEntry = (id: number, type: 'movie' | 'tv', minutes: number) => ({
    id: `${type}:${id}`,
    movie_id: id,
    movie_title: type === 'movie' ? 'Watched Film' : 'Watched Series',
    movie_poster: null,
    content_type: type,
    duration_watched: 600,
    total_duration: 3600,
    completed: false,
    synced: false,
    season_number: null,
    episode_number: null,
    episode_title: null,
    watched_at: ago(minutes),
  });
  const values = {
    'marquee:watch_later': JSON.stringify([
      {
        id: `movie:${sample.movie}`,
        movie_id: sample.movie,
        movie_title: 'Saved Film',
        content_type: 'movie',
        added_at: ago(2),
      },
      { id: `tv:${sample.tv}`, movie_id: sample.tv, movie_title: 'Saved Series', content_type: 'tv', added_at: ago(9) },
    ]),
    'marquee:history': JSON.stringify([historyEntry(sample.movie, 'movie', 3), historyEntry(sample.tv, 'tv', 40)]),
    'marquee:settings': JSON.stringify(settings),
  };
  await context.addInitScript((entries: Record<string, string>) => {
    // Once per tab: a reload keeps what the app did.
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

/** A route to sweep, with what to open on it first (a panel shown only on request). */
export type SweepRoute = string | { route: string; open: (page: Page) => Promise<void> };

/** Sweeps each route once, forwards, and returns the failures by route. */
export async function sweepRoutes(page: Page, routes: SweepRoute[], { forced = false } = {}) {
  const found: Record<string, string[]> = {};
  for (const [index, entry] of routes.entries()) {
    const route = typeof entry === 'string' ? entry : entry.route;
    await sweepTo(page, route, index);
    if (typeof entry !== 'string') await entry.open(page);
    const { stops, failures } = await sweep(page, { max: 300, forced });
    // A route that lost its content would pass with nothing to judge.
    expect(stops.length, `focus stops on ${route}`).toBeGreaterThan(15);
    if (failures.length > 0) found[route] = failures;
  }
  return found;
}

/** Asserts that no route's sweep failed, listing the failures of all of them. */
export function expectNoFailuresByRoute(found: Record<string, string[]>) {
  const lines = Object.entries(found).flatMap(([route, failures]) =>
    counted(failures).map((line) => `${route} ${line}`),
  );
  expect(lines, 'focus stops that do not show the focus').toEqual([]);
}
