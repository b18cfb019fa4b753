import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, useBrowser } from './support.ts';

describe('feedback and the database test page', () => {
  const browser = useBrowser();

  it('sends feedback from the footer: required fields, Sending..., success, then closes', async () => {
    const { page } = await browser.open(MOBILE);
    await page.goto('/help');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Send Feedback' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('Grace');
    await dialog.getByLabel('Email').fill('grace@example.org');
    await dialog.getByLabel('Subject').fill('Lists are great');
    await dialog.getByLabel('Message').fill('More lists, please.');
    await dialog.getByText('19/500').waitFor();
    await dialog.getByRole('button', { name: '4 stars' }).click();
    expect(await send.isDisabled()).toBe(false);
    // Slow the answer down enough to see the busy label.
    await page.route('**/api/feedback', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await send.click();
    await dialog.getByRole('button', { name: 'Sending...' }).waitFor();
    await dialog.getByText('Feedback Sent Successfully!').waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('keeps the form and shows the error when sending fails', async () => {
    const viewer = await browser.open(DESKTOP);
    const { page } = viewer;
    await page.goto('/settings#data');
    await page.getByRole('main').getByRole('button', { name: 'Send Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
    await page.route('**/api/feedback', (route) =>
      route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'down' } } }),
    );
    await dialog.getByLabel('Name').fill('Grace');
    await dialog.getByLabel('Email').fill('grace@example.org');
    await dialog.getByLabel('Subject').fill('Hello');
    await dialog.getByLabel('Message').fill('Is anyone there?');
    await dialog.getByRole('button', { name: 'Send Feedback' }).click();
    await dialog.getByText('Failed to submit feedback. Please try again later.').waitFor();
    expect(await dialog.getByLabel('Subject').inputValue()).toBe('Hello');
    // Chromium logs the refused request; nothing else may fail.
    viewer.errors.splice(0, viewer.errors.length, ...viewer.errors.filter((error) => !/status of 503/.test(error)));
  });

  it('tests the database setup from /db-test', async () => {
    const { page } = await browser.open(DESKTOP);
    await page.goto('/db-test');
    await page.getByText('Authentication: not tested').waitFor();
    await page.getByRole('button', { name: 'Test Database Setup' }).click();
    await page.getByText('Comments table: working').waitFor();
    await page.getByText('User profiles table: working').waitFor();
    await page.getByText('Authentication: failed').waitFor();
    await page.getByText('User not authenticated. Please sign in first.').waitFor();
  });
});
