import type { CDPSession, Page } from 'playwright-core';
import { loadAxe } from './a11y.ts';
import { decodePng, type Pixels } from './png.ts';
import { quiet } from './support.ts';

/** Text whose contrast was measured on the painted page and fell short of WCAG AA. */
export interface PaintedContrastFailure {
  target: string;
  text: string;
  /** The contrast at the 5th-percentile background pixel under the text: most of it reaches this. */
  ratio: number;
  required: number;
}

export interface PaintedContrast {
  /** How many texts axe could not judge, and how many of them were measured here. */
  undecided: number;
  measured: number;
  failures: PaintedContrastFailure[];
}

/**
 * The share of the background under a piece of text that may fall short: a speck of a poster or
 * the end of a gradient behind one letter, not a stretch of the words.
 */
const SHORT_SHARE = 0.05;

/**
 * WCAG AA contrast of the text axe cannot judge (text over a gradient, an image or another
 * element: axe's "incomplete" colour-contrast results), measured on the painted page instead.
 *
 * Each such text's rectangles (cut to what its scrolling ancestors show) are noted with its colour
 * (with its own and its ancestors' opacity), every text on the page is made transparent, and the
 * page is captured screen by screen, each screen starting where the first text cut by the bottom
 * of the one before starts: what is left under the text is its real background. A text is judged
 * on the first screen that shows all of it (one taller than the screen is not judged); below
 * the first screen, the header and anything else fixed to the screen is hidden, as it would cover
 * what it passes over. The text colour is blended over each background pixel in its rectangles and
 * the contrast taken; text fails when more than 5 % of them fall short of 4.5:1 (3:1 for large
 * text: 24 px, or 18.66 px bold).
 *
 * (One capture of the whole page would be quicker, but Chromium lays the page out again at the
 * captured height, and whatever is sized to the screen moves.)
 */
export async function paintedContrast(page: Page): Promise<PaintedContrast> {
  // Down the page, so that whatever loads as it nears the screen (a genre's row) is there: a
  // screen at a time, two frames apart (the observers see each screen), then the requests that
  // made answered, and on down while the page has grown. Waiting for the network after every
  // screen took about a third of a page's check.
  for (let more = true; more;) {
    more = await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const start = window.scrollY;
      for (let before = -1; window.scrollY > before;) {
        before = window.scrollY;
        window.scrollBy(0, window.innerHeight);
        await frame();
        await frame();
      }
      return window.scrollY > start;
    });
    await quiet(page);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await loadAxe(page);
  const texts: TextStyle[] = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('.below-fold, .deferred-card'))) {
      element.style.contentVisibility = 'visible';
    }
    const result = (await axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
      resultTypes: ['incomplete'],
    })) as { incomplete: Array<{ nodes: Array<{ target: unknown[] }> }> };
    const targets = result.incomplete.flatMap((rule) => rule.nodes.map((node) => node.target.map(String).join(' ')));

    // Each text's colour, read before the text is hidden.
    const texts = targets.flatMap((target) => {
      const element = document.querySelector<HTMLElement>(target);
      if (!element) return [];
      const style = getComputedStyle(element);
      const colour = parseColour(style.color);
      let opacity = 1;
      let fixed = false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const nodeStyle = getComputedStyle(node);
        opacity *= Number(nodeStyle.opacity);
        if (nodeStyle.position === 'fixed' || nodeStyle.position === 'sticky') fixed = true;
      }
      if (!colour || colour[3] * opacity === 0) return [];
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      return [
        {
          target,
          text: (element.textContent ?? '').trim().slice(0, 60),
          colour: [colour[0], colour[1], colour[2], colour[3] * opacity] as const,
          required: large ? 3 : 4.5,
          fixed,
        },
      ];
    });

    const hide = document.createElement('style');
    hide.id = 'contrast-check-hide-text';
    hide.textContent =
      '*, *::before, *::after { color: transparent !important; -webkit-text-fill-color: transparent !important; text-shadow: none !important; caret-color: transparent !important; } [data-contrast-hidden] { visibility: hidden !important; }';
    document.head.append(hide);
    return texts;

    /** Any CSS colour (the theme's are oklch) as sRGB 0–255 and alpha 0–1, by painting one pixel. */
    function parseColour(value: string): [number, number, number, number] | null {
      const context = new OffscreenCanvas(1, 1).getContext('2d', { colorSpace: 'srgb' });
      if (!context) return null;
      context.fillStyle = value;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    }
  });

  const failures: PaintedContrastFailure[] = [];
  const judged = new Set<string>();
  try {
    /** Judges those of `waiting` that are all on the screen as it is now; returns how far to scroll next. */
    const judgeScreen = async (waiting: TextStyle[]): Promise<number> => {
      const { placed, step, scroll } = await page.evaluate(
        (targets) => {
          // What Playwright's screenshot does with animations: the finite ones end, the others stop.
          for (const animation of document.getAnimations()) {
            if (animation.effect?.getTiming().iterations === Infinity) animation.cancel();
            else animation.finish();
          }
          const placed = targets.flatMap((target) => {
            const rects = rectsOnScreen(target);
            return rects ? [{ target, rects }] : [];
          });
          // The next screen starts where the first text cut by the bottom of this one starts, so
          // that it is whole there (a text taller than the screen never is); else a screen down.
          const cutTops = targets.flatMap((target) => {
            const top = topIfCut(target);
            return top === null ? [] : [top];
          });
          return {
            placed,
            step: Math.floor(Math.min(window.innerHeight, ...cutTops)),
            scroll: { x: window.scrollX, y: window.scrollY },
          };

          /** Where the text of `target` starts, when the bottom of the screen cuts it. */
          function topIfCut(target: string): number | null {
            const element = document.querySelector<HTMLElement>(target);
            if (!element) return null;
            const lines = textRects(element);
            const top = Math.min(...lines.map((rect) => rect.top));
            const bottom = Math.max(...lines.map((rect) => rect.bottom));
            return top >= 1 && top < window.innerHeight && bottom > window.innerHeight ? top : null;
          }

          /** Where the text of `target` is on the screen, or null unless all of it is there now. */
          function rectsOnScreen(target: string) {
            const element = document.querySelector<HTMLElement>(target);
            if (!element) return null;
            const clips: Box[] = [{ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }];
            // Its own box too: lines a line clamp hides are laid out below it.
            for (let node: HTMLElement | null = element; node; node = node.parentElement) {
              if (getComputedStyle(node).overflowX !== 'visible') clips.push(box(node.getBoundingClientRect()));
            }
            const rects: Box[] = [];
            for (const rect of textRects(element)) {
              // Cut by the top or the bottom of the screen: judged on another screen.
              if (rect.top < 0 || rect.bottom > window.innerHeight) return null;
              // Cut to what its scrolling row shows: a card scrolled out of the row shows nothing.
              const shown = clips.reduce(intersect, box(rect));
              if (shown.right - shown.left >= 1 && shown.bottom - shown.top >= 1) rects.push(shown);
            }
            return rects.length > 0 ? rects : null;
          }

          /** The rectangles of the lines of the element's own text (not its children's). */
          function textRects(element: HTMLElement): DOMRect[] {
            return Array.from(element.childNodes).flatMap((child) => {
              if (child.nodeType !== Node.TEXT_NODE || !child.textContent?.trim()) return [];
              const range = document.createRange();
              range.selectNodeContents(child);
              return Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
            });
          }
          type Box = { left: number; top: number; right: number; bottom: number };
          function box(rect: DOMRect): Box {
            return { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
          }
          function intersect(a: Box, b: Box): Box {
            return {
              left: Math.max(a.left, b.left),
              top: Math.max(a.top, b.top),
              right: Math.min(a.right, b.right),
              bottom: Math.min(a.bottom, b.bottom),
            };
          }
        },
        waiting.map((text) => text.target),
      );
      if (placed.length === 0) return step;
      // Only the part of the screen that holds the texts to judge, in whole pixels.
      const all = placed.flatMap((text) => text.rects);
      const area = {
        left: Math.floor(Math.min(...all.map((rect) => rect.left))),
        top: Math.floor(Math.min(...all.map((rect) => rect.top))),
        right: Math.ceil(Math.max(...all.map((rect) => rect.right))),
        bottom: Math.ceil(Math.max(...all.map((rect) => rect.bottom))),
      };
      const shot = await capture(page, area, scroll);
      const onScreen = placed.map(({ target, rects }) => ({
        ...texts.find((text) => text.target === target)!,
        rects: rects.map((rect) => ({
          left: rect.left - area.left,
          top: rect.top - area.top,
          right: rect.right - area.left,
          bottom: rect.bottom - area.top,
        })),
      }));
      failures.push(...measure(shot, onScreen));
      for (const text of onScreen) judged.add(text.target);
      return step;
    };

    // The header and whatever else is fixed to the screen, on the first screen.
    await judgeScreen(texts.filter((text) => text.fixed));
    // Then the page without them (they cover what they pass over, the header as the page scrolls
    // under it, a floating button a card's corner), screen by screen, each starting where a text
    // cut by the bottom of the one before starts.
    await page.evaluate(() => {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const position = getComputedStyle(element).position;
        if (position === 'fixed' || position === 'sticky') element.dataset.contrastHidden = '';
      }
    });
    for (let scrolled = true; scrolled;) {
      const step = await judgeScreen(texts.filter((text) => !text.fixed && !judged.has(text.target)));
      scrolled = await page.evaluate((by) => {
        const before = window.scrollY;
        window.scrollBy(0, by);
        return window.scrollY > before;
      }, step);
    }
  } finally {
    await page.evaluate(() => {
      document.getElementById('contrast-check-hide-text')?.remove();
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('[data-contrast-hidden]'))) {
        delete element.dataset.contrastHidden;
      }
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('.below-fold, .deferred-card'))) {
        element.style.contentVisibility = '';
      }
      window.scrollTo(0, 0);
    });
  }
  return { undecided: texts.length, measured: judged.size, failures };
}

/** A text axe left undecided, as it is styled: colour with its opacity, the ratio it needs. */
interface TextStyle {
  target: string;
  text: string;
  colour: readonly [number, number, number, number];
  required: number;
  /** In something fixed to the screen (the header): judged on the first screen only. */
  fixed: boolean;
}

interface MeasuredText {
  target: string;
  text: string;
  colour: readonly [number, number, number, number];
  required: number;
  rects: Array<{ left: number; top: number; right: number; bottom: number }>;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The pixels of an area of the screen (viewport coordinates, whole pixels), captured through the
 * DevTools protocol with Chromium's fast PNG encoding (the same pixels as Playwright's
 * page.screenshot, which compresses harder and took most of a check's time) and decoded here. The
 * protocol's clip is in page coordinates, hence the scroll offset. The page's scale factor is 1:
 * one pixel is one CSS pixel. Only the area is encoded, sent and decoded, not the whole screen.
 */
async function capture(
  page: Page,
  area: { left: number; top: number; right: number; bottom: number },
  scroll: { x: number; y: number },
): Promise<Pixels> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = page.context().newCDPSession(page)));
  const { data } = await (
    await session
  ).send('Page.captureScreenshot', {
    format: 'png',
    optimizeForSpeed: true,
    clip: {
      x: area.left + scroll.x,
      y: area.top + scroll.y,
      width: area.right - area.left,
      height: area.bottom - area.top,
      scale: 1,
    },
  });
  return decodePng(Buffer.from(data, 'base64'));
}

/** The texts of one screen captured in `shot`, their rectangles in its coordinates, that fall short. */
function measure(shot: Pixels, texts: MeasuredText[]): PaintedContrastFailure[] {
  const { width, height, channels, data } = shot;
  const failures: PaintedContrastFailure[] = [];
  for (const text of texts) {
    const [tr, tg, tb, ta] = text.colour;
    const ratios: number[] = [];
    for (const rect of text.rects) {
      const left = Math.max(0, Math.floor(rect.left));
      const top = Math.max(0, Math.floor(rect.top));
      const right = Math.min(width, Math.ceil(rect.right));
      const bottom = Math.min(height, Math.ceil(rect.bottom));
      for (let y = top; y < bottom; y += 1) {
        for (let x = left; x < right; x += 1) {
          const i = (y * width + x) * channels;
          const [br, bg, bb] = [data[i]!, data[i + 1]!, data[i + 2]!];
          const fore = luminance(tr * ta + br * (1 - ta), tg * ta + bg * (1 - ta), tb * ta + bb * (1 - ta));
          const back = luminance(br, bg, bb);
          ratios.push((Math.max(fore, back) + 0.05) / (Math.min(fore, back) + 0.05));
        }
      }
    }
    if (ratios.length === 0) continue;
    ratios.sort((a, b) => a - b);
    const ratio = ratios[Math.floor(ratios.length * SHORT_SHARE)]!;
    if (ratio < text.required) {
      failures.push({
        target: text.target,
        text: text.text,
        ratio: Math.round(ratio * 100) / 100,
        required: text.required,
      });
    }
  }
  return failures;
}

/** Each channel's linear value (WCAG's relative luminance), by table: a blended channel is rounded to 0–255. */
const LINEAR = Array.from({ length: 256 }, (_, value) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

function luminance(r: number, g: number, b: number): number {
  return 0.2126 * LINEAR[Math.round(r)]! + 0.7152 * LINEAR[Math.round(g)]! + 0.0722 * LINEAR[Math.round(b)]!;
}
