import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from './a11y.ts';
import { createAccount, signInContext, type Account } from './session.ts';
import { DESKTOP, MOBILE, openInApp, settle, useBrowser } from './support.ts';

// Issue 29 part 4: what you watched in Jellyfin lands in your Marquee history. The user copies the
// Jellyfin address from Settings; the test posts to it what Jellyfin's Webhook plugin sends when a
// film is played to the end (its Generic destination: text/plain JSON, "Send All Properties").

const baseUrl = inject('baseUrl');
/** Where the screens of this file are saved, to be looked at. */
const SHOTS = process.env.WEBHOOKS_SHOTS;
async function shot(what: Page | Locator, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await what.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

interface Film {
  id: number;
  title: string;
  release_date: string;
}

let account: Account;
let films: Film[];

beforeAll(async () => {
  const discover = (await (
    await fetch(`${baseUrl}/api/catalogue/discover?type=movie&sort_by=vote_average.desc`)
  ).json()) as {
    results: Film[];
  };
  films = discover.results.filter((film) => /^\d{4}/.test(film.release_date ?? '')).slice(0, 2);
  expect(films).toHaveLength(2);
  account = await createAccount('webhooks');
}, 120_000);

/** Jellyfin's PlaybackStop for a film watched to its end. */
function playbackStop(film: Film) {
  const ticks = 120 * 60 * 10_000_000;
  return {
    ServerId: '2f8c1a6e9b7d4c0e8a5f3b1d7e9c2a4f',
    ServerName: 'living-room',
    ServerVersion: '10.10.3',
    NotificationType: 'PlaybackStop',
    Name: film.title,
    ItemId: '6b1e0c4d9f3a4e7b8c2d5f0a1b3c4d5e',
    ItemType: 'Movie',
    Year: Number(film.release_date.slice(0, 4)),
    RunTimeTicks: ticks,
    PlaybackPositionTicks: ticks - 60 * 10_000_000,
    PlayedToCompletion: true,
    DeviceName: 'Firefox',
    ClientName: 'Jellyfin Web',
    NotificationUsername: 'alice',
    UserId: '9d2e7f1a3b5c4d6e8f0a2b4c6d8e0f1a',
  };
}

/** "Sync now" in the account menu, then its "Sync Complete". */
async function syncNow(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account menu for / })
    .click();
  await page.getByRole('menuitem', { name: 'Sync now' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Sync Complete' }).last().waitFor();
}

describe('media-server webhooks', () => {
  const browser = useBrowser();

  it.each([
    ['1280', DESKTOP, 0],
    ['375', MOBILE, 1],
  ] as const)(
    'at %s px: a signed-in user copies the Jellyfin address; a film Jellyfin reports watched shows in History after a sync',
    async (width, viewport, index) => {
      const film = films[index]!;
      const { page, context } = await browser.open(viewport, { permissions: ['clipboard-read', 'clipboard-write'] });
      await signInContext(context, account);
      await page.goto('/settings#data');
      await settle(page);
      const section = page.getByRole('region', { name: 'Media servers' });
      const field = section.getByRole('textbox', { name: 'Jellyfin address' });
      await field.waitFor();
      await section.getByRole('button', { name: 'Copy the Jellyfin address' }).click();
      await section.getByRole('button', { name: 'Copy the Jellyfin address' }).getByText('Copied').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await field.inputValue());
      expect(copied).toMatch(new RegExp(`^${baseUrl}/api/webhooks/jellyfin/[\\w-]{43}$`));
      await section.getByText('How to set up Jellyfin').click();
      await section.getByText('Send All Properties').waitFor();
      // No page scrolls sideways, the addresses included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(section, `settings-media-servers-${width}`);

      const posted = await fetch(copied, {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: JSON.stringify(playbackStop(film)),
      });
      expect(posted.status, await posted.clone().text()).toBe(200);
      expect(await posted.json()).toMatchObject({ status: 'recorded', entry: { movie_id: film.id, completed: true } });

      await openInApp(page, '/history');
      await syncNow(page);
      const main = page.locator('#main');
      await main.getByText(film.title, { exact: true }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `history-after-webhook-${width}`);
    },
  );

  it('a report that matched no title is listed with its reason and can be dismissed; Renew asks first', async () => {
    const { page, context } = await browser.open(DESKTOP);
    await signInContext(context, account);
    const addresses = (await (await context.request.get('/api/me/webhooks')).json()) as { plex: string };
    const payload = {
      event: 'media.scrobble',
      Metadata: { type: 'movie', title: 'A Film Nobody Made', year: 1999, duration: 5_400_000, viewOffset: 5_000_000 },
    };
    const form = new FormData();
    form.set('payload', JSON.stringify(payload));
    expect((await fetch(addresses.plex, { method: 'POST', body: form })).status).toBe(200);

    await page.goto('/settings#data');
    await settle(page);
    const section = page.getByRole('region', { name: 'Media servers' });
    const list = section.getByRole('list', { name: /Could not match/ });
    await list.getByText('No film named "A Film Nobody Made" (1999) in the catalogue', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(section, 'settings-unmatched-1280');
    await list.getByRole('button', { name: 'Dismiss A Film Nobody Made (1999)' }).click();
    await section.getByText(/^Nothing so far/).waitFor();

    const before = await section.getByRole('textbox', { name: 'Plex address' }).inputValue();
    await section.getByRole('button', { name: 'Renew' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Renew your webhook addresses?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'renew-dialog-1280');
    await dialog.getByRole('button', { name: 'Renew addresses' }).click();
    await expect.poll(() => section.getByRole('textbox', { name: 'Plex address' }).inputValue()).not.toBe(before);
    expect((await fetch(before, { method: 'POST', body: form })).status).toBe(404);
  });
});
