import { describe, expect, it } from 'vitest';
import { parseWithoutCompiling } from './browser.ts';

describe('parseWithoutCompiling', () => {
  it('turns off compiling in zod loaded after it, and in zod loaded before', async () => {
    const global = globalThis as { __zod_globalConfig?: object };
    delete global.__zod_globalConfig;
    parseWithoutCompiling();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);

    config({ jitless: false });
    parseWithoutCompiling();
    expect(config().jitless).toBe(true);
  });
});
