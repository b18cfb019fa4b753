import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MemoryRouter,
  useNavigate,
  type InitialEntry,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router';
import { KEEP_SCROLL, SCROLL_POSITIONS_KEY, ScrollRestoration } from './scroll-restoration.tsx';

let navigate: NavigateFunction;

function Navigator() {
  navigate = useNavigate();
  return null;
}

function mount(entries: InitialEntry[] = ['/a']) {
  return render(
    <MemoryRouter initialEntries={entries}>
      <Navigator />
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

/** Scrolls the window as a reader would: the position, then the event the page records it on. */
async function scrollTo(y: number) {
  window.scrollTo(0, y);
  window.dispatchEvent(new Event('scroll'));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/** Navigates as a link, or Back and Forward (a number), would. */
async function go(to: To | number, options?: NavigateOptions) {
  await act(async () => {
    await (typeof to === 'number' ? navigate(to) : navigate(to, options));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  window.scrollTo(0, 0);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('ScrollRestoration', () => {
  it('opens a new page at its top', async () => {
    mount();
    await scrollTo(640);
    await go('/b');
    expect(window.scrollY).toBe(0);
  });

  it('returns to where a page was left on Back and Forward', async () => {
    mount();
    await scrollTo(640);
    await go('/b');
    await scrollTo(120);
    await go(-1);
    expect(window.scrollY).toBe(640);
    await go(1);
    expect(window.scrollY).toBe(120);
  });

  it('scrolls to the element a hash names, and leaves the page where it is when asked to', async () => {
    mount();
    const target = document.createElement('section');
    target.id = 'custom-sources';
    document.body.append(target);
    const scrolled = vi.spyOn(target, 'scrollIntoView');
    await go('/settings#custom-sources');
    expect(scrolled).toHaveBeenCalledTimes(1);

    await scrollTo(300);
    await go({ hash: '#data' }, { replace: true, state: KEEP_SCROLL });
    expect(window.scrollY).toBe(300);
  });

  it('leaves a page scrolled before the app started where it is', async () => {
    window.scrollTo(0, 450);
    mount();
    expect(window.scrollY).toBe(450);
  });

  it('keeps positions over a reload in session storage', async () => {
    const first = mount([{ pathname: '/a', key: 'entry-a' }]);
    await scrollTo(880);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY)!)).toContainEqual(['entry-a', 880]);
    first.unmount();

    window.scrollTo(0, 0);
    mount([{ pathname: '/a', key: 'entry-a' }]);
    expect(window.scrollY).toBe(880);
  });

  /** The next document load of the tab, as Navigation Timing reports it. */
  function loadedBy(type: NavigationTimingType) {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type }] as unknown as PerformanceEntryList);
  }

  /** A page the tab loaded (React Router keys it `default`), scrolled and left. */
  async function leaveLoadedPage(path: string, y: number) {
    const page = mount([path]);
    await scrollTo(y);
    window.dispatchEvent(new Event('pagehide'));
    page.unmount();
    window.scrollTo(0, 0);
  }

  it('opens a page loaded afresh at its top, whatever another page of the tab was scrolled to', async () => {
    await leaveLoadedPage('/movie/2292', 387);
    loadedBy('navigate');
    mount(['/watch/movie/2292']);
    expect(window.scrollY).toBe(0);
    // The same address typed again is a fresh page too.
    await leaveLoadedPage('/movie/2292', 387);
    loadedBy('navigate');
    mount(['/movie/2292']);
    expect(window.scrollY).toBe(0);
  });

  it('returns a page the tab loaded to its own place on a reload or Back, not to another page’s', async () => {
    await leaveLoadedPage('/movie/2292', 387);
    await leaveLoadedPage('/watch/movie/2292', 90);
    loadedBy('back_forward');
    mount(['/movie/2292']);
    expect(window.scrollY).toBe(387);
    window.scrollTo(0, 0);
    loadedBy('reload');
    mount(['/watch/movie/2292']);
    expect(window.scrollY).toBe(90);
  });

  it('ignores stored positions it cannot read', async () => {
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, '{"not":"a list"');
    mount();
    await scrollTo(200);
    await go('/b');
    expect(window.scrollY).toBe(0);
    await go(-1);
    expect(window.scrollY).toBe(200);
  });
});
