import type { ReactElement } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactScreen } from './contact-screen.tsx';
import { CookiesScreen } from './cookies-screen.tsx';
import { FaqScreen } from './faq-screen.tsx';
import { HelpScreen } from './help-screen.tsx';
import { PrivacyScreen } from './privacy-screen.tsx';
import { TermsScreen } from './terms-screen.tsx';

function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

async function expectTitled(title: string) {
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  await waitFor(() => expect(document.title).toBe(`${title} | Marquee`));
}

function linkTo(href: string): HTMLAnchorElement | undefined {
  return screen.getAllByRole<HTMLAnchorElement>('link').find((link) => link.getAttribute('href') === href);
}

afterEach(() => {
  cleanup();
  document.title = '';
});

describe('footer information pages', () => {
  it('Help explains sources, placeholders and troubleshooting, with the TMDB attribution', async () => {
    const { container } = renderPage(<HelpScreen />);
    await expectTitled('Help Center');
    const text = container.textContent ?? '';
    for (const placeholder of ['{movieID}', '{seriesId}', '{season}', '{episode}']) {
      expect(text).toContain(placeholder);
    }
    expect(text).toContain('Library');
    expect(text).toContain('backup source');
    expect(text).toContain('This product uses the TMDB API but is not endorsed or certified by TMDB.');
    expect(linkTo('/faq')).toBeTruthy();
    expect(linkTo('/contact')).toBeTruthy();
  });

  it('Contact points to the Feedback dialog and invents no e-mail address or phone number', async () => {
    const { container } = renderPage(<ContactScreen />);
    await expectTitled('Contact Us');
    const text = container.textContent ?? '';
    expect(text).toContain('Send Feedback');
    expect(text).toContain('operator');
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(container.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
  });

  it('Contact links the community chat only when the operator configured one', () => {
    renderPage(<ContactScreen communityUrl="https://chat.example.org/marquee" />);
    const chat = linkTo('https://chat.example.org/marquee');
    expect(chat).toBeTruthy();
    expect(chat?.getAttribute('rel')).toContain('noopener');
    cleanup();

    renderPage(<ContactScreen />);
    expect(linkTo('https://chat.example.org/marquee')).toBeUndefined();
  });

  it('FAQ answers questions in native, keyboard-accessible disclosures', async () => {
    const { container } = renderPage(<FaqScreen />);
    await expectTitled('Frequently Asked Questions');
    const summaries = [...container.querySelectorAll('details > summary')];
    expect(summaries.length).toBeGreaterThanOrEqual(10);
    expect(summaries.map((summary) => summary.textContent)).toContain('Do I need an account?');
    expect(summaries.map((summary) => summary.textContent)).toContain('How do I delete my data?');
    // Answers stay in the document while closed, so in-page search still finds them.
    expect(container.textContent).toContain('Clear All Data');
  });

  it('Privacy says where data lives and how to delete it', async () => {
    const { container } = renderPage(<PrivacyScreen />);
    await expectTitled('Privacy Policy');
    const text = container.textContent ?? '';
    expect(text).toContain('local storage');
    expect(text).toContain('Clear All Data');
    expect(text).toContain('Clear History');
    expect(text).toContain('Clear Watch Later');
    expect(text).toContain('never in plain text');
    expect(text).toContain('Share watch history');
    expect(text).toContain('never sent to a third party');
    expect(linkTo('/cookies')).toBeTruthy();
  });

  it('Terms cover acceptable use, comments, third-party content and the TMDB attribution', async () => {
    const { container } = renderPage(<TermsScreen />);
    await expectTitled('Terms of Service');
    const text = container.textContent ?? '';
    expect(screen.getByRole('heading', { level: 2, name: 'Acceptable use' })).toBeTruthy();
    expect(text).toContain('provided as is');
    expect(text).toContain('respect copyright');
    expect(text).toContain('This product uses the TMDB API but is not endorsed or certified by TMDB.');
  });

  it('Cookies names the session cookie and tells local storage apart from cookies', async () => {
    const { container } = renderPage(<CookiesScreen />);
    await expectTitled('Cookie Policy');
    const text = container.textContent ?? '';
    expect(screen.getByRole('cell', { name: /Session cookie/ })).toBeTruthy();
    expect(text).toContain('httpOnly');
    expect(text).toContain('SameSite=Lax');
    expect(text).toContain('It is not a cookie');
    expect(text).toContain('no advertising or tracking cookies');
    expect(text).toContain('privacy-enhanced mode');
  });
});
