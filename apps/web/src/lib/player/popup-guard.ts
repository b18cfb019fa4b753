/**
 * The in-page popup guard of player.md §9, a second layer behind the embeds' iframe sandbox
 * (DESIGN.md): while installed it blocks window.open, document.write that writes popups, links,
 * clicks and forms that leave the site or open a new window when they were not put there by
 * Marquee itself (outside the app root, or synthetic), new-tab/window shortcuts, and history
 * changes to other origins. Each block calls `onBlock` with what was stopped.
 */

// Taken when this module loads, before any guard: the share menu opens its popups with it.
const nativeOpen = window.open.bind(window);

/** window.open for Marquee's own popups (share), unaffected by the guard. */
export function openAppPopup(url: string, name: string, width: number, height: number): Window | null {
  return nativeOpen(url, name, `width=${width},height=${height},noopener,noreferrer`);
}

function isAppElement(element: Element, event: Event): boolean {
  // Ad and popup scripts inject their links outside React's root, or click them by script.
  return event.isTrusted && element.closest('#root') !== null;
}

function leavesSite(anchor: HTMLAnchorElement | HTMLFormElement): boolean {
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return true;
  const href = anchor instanceof HTMLAnchorElement ? anchor.href : anchor.action;
  try {
    return href !== '' && new URL(href, location.href).origin !== location.origin;
  } catch {
    return true;
  }
}

export function installPopupGuard(onBlock: (what: string) => void): () => void {
  const originalOpen = window.open;
  const originalWrite = document.write;
  const originalBlur = window.blur;
  const { pushState, replaceState } = history;

  window.open = () => {
    onBlock('Blocked a popup window');
    return null;
  };
  // The focus trick of pop-unders: a script opens a window, then blurs this one to send the new
  // window to the front (or this one to the back). Without blur, it stays behind the player.
  window.blur = () => onBlock('Blocked a focus trick');
  document.write = function guardedWrite(this: Document, ...text: string[]) {
    if (/window\.open|target\s*=\s*["']?_blank/i.test(text.join(''))) {
      onBlock('Blocked a popup written into the page');
      return;
    }
    originalWrite.apply(this, text);
  };
  const guardHistory =
    (original: History['pushState']) =>
    (data: unknown, unused: string, url?: string | URL | null): void => {
      if (url != null && new URL(url, location.href).origin !== location.origin) {
        onBlock('Blocked a redirect to another site');
        return;
      }
      original.call(history, data, unused, url);
    };
  history.pushState = guardHistory(pushState);
  history.replaceState = guardHistory(replaceState);

  function onClick(event: MouseEvent) {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || isAppElement(anchor, event)) return;
    if (leavesSite(anchor) || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      event.stopImmediatePropagation();
      onBlock('Blocked a link to another site');
    }
  }
  function onSubmit(event: SubmitEvent) {
    const form = event.target as HTMLFormElement;
    if (isAppElement(form, event) || !leavesSite(form)) return;
    event.preventDefault();
    onBlock('Blocked a form opening a new window');
  }
  function onKeyDown(event: KeyboardEvent) {
    if (
      (event.ctrlKey || event.metaKey) &&
      ['t', 'n'].includes(event.key.toLowerCase()) &&
      !isAppElement(document.activeElement ?? document.body, event)
    ) {
      event.preventDefault();
      onBlock('Blocked opening a new tab');
    }
  }
  document.addEventListener('click', onClick, true);
  document.addEventListener('auxclick', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('keydown', onKeyDown, true);

  return () => {
    window.open = originalOpen;
    document.write = originalWrite;
    window.blur = originalBlur;
    history.pushState = pushState;
    history.replaceState = replaceState;
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('auxclick', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('keydown', onKeyDown, true);
  };
}
