import { afterEach, describe, expect, it, vi } from 'vitest';
import { addWebFonts } from './web-font-faces.ts';

const events: string[] = [];

/** FontFace as the test sees it: loading resolves when the test says so. */
class FakeFontFace {
  static loads: Array<() => void> = [];
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors,
  ) {}
  load() {
    events.push(`load ${this.family} ${this.descriptors.unicodeRange?.slice(0, 8)}`);
    return new Promise<this>((resolve) => FakeFontFace.loads.push(() => resolve(this)));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  events.length = 0;
  FakeFontFace.loads = [];
});

describe('addWebFonts', () => {
  it('loads the Latin files of both fonts, then adds every subset at once', async () => {
    vi.stubGlobal('FontFace', FakeFontFace);
    const added: FakeFontFace[] = [];
    const fonts = { add: (face: FakeFontFace) => added.push(face) } as unknown as FontFaceSet;

    const done = addWebFonts(fonts);
    expect(events).toEqual(['load Inter Variable U+0000-0', 'load Oswald Variable U+0000-0']);
    FakeFontFace.loads[0]!();
    await Promise.resolve();
    expect(added).toEqual([]);
    FakeFontFace.loads[1]!();
    await done;

    expect(added.map((face) => face.family)).toEqual([
      ...Array(7).fill('Inter Variable'),
      ...Array(5).fill('Oswald Variable'),
    ]);
    for (const face of added) {
      expect(face.source).toMatch(/^url\(.+\.woff2\) format\('woff2'\)$/);
      expect(face.descriptors).toMatchObject({ display: 'swap', unicodeRange: expect.stringMatching(/^U\+/) });
    }
    expect(added[0]!.descriptors.weight).toBe('100 900');
    expect(added.at(-1)!.descriptors.weight).toBe('200 700');
    expect(new Set(added.map((face) => face.source)).size).toBe(12);
  });
});
