import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPopupGuard } from './popup-guard.ts';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  document.body.innerHTML = '';
});

describe('installPopupGuard (player.md §9)', () => {
  it('blocks window.open while installed and restores it after', () => {
    const original = window.open;
    const onBlock = vi.fn();
    uninstall = installPopupGuard(onBlock);
    expect(window.open('https://ads.example/')).toBeNull();
    expect(onBlock).toHaveBeenCalledWith('Blocked a popup window');
    uninstall();
    uninstall = undefined;
    expect(window.open).toBe(original);
  });

  it("blocks injected links to other sites but not the app's own links", () => {
    const onBlock = vi.fn();
    document.body.innerHTML =
      '<div id="root"><a id="own" href="/movie/1">own</a></div><a id="ad" href="https://ads.example/" target="_blank">ad</a>';
    uninstall = installPopupGuard(onBlock);
    const adClick = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('ad')!.dispatchEvent(adClick);
    expect(adClick.defaultPrevented).toBe(true);
    expect(onBlock).toHaveBeenCalledWith('Blocked a link to another site');
  });

  it('refuses history changes to another origin', () => {
    const onBlock = vi.fn();
    uninstall = installPopupGuard(onBlock);
    const before = location.href;
    history.pushState(null, '', 'https://elsewhere.example/');
    expect(location.href).toBe(before);
    expect(onBlock).toHaveBeenCalledWith('Blocked a redirect to another site');
  });

  it('refuses the focus trick of pop-unders and popups written into the page, and restores both after', () => {
    const originalBlur = window.blur;
    const onBlock = vi.fn();
    uninstall = installPopupGuard(onBlock);
    window.blur();
    expect(onBlock).toHaveBeenCalledWith('Blocked a focus trick');
    document.write('<a href="https://ads.example/" target="_blank">win</a>');
    expect(onBlock).toHaveBeenCalledWith('Blocked a popup written into the page');
    expect(document.body.innerHTML).not.toContain('ads.example');
    uninstall();
    uninstall = undefined;
    expect(window.blur).toBe(originalBlur);
  });
});
