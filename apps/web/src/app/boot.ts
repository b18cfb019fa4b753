/** Hide delay and removal delay of the start-up overlay (product.md §2, §9). */
export const BOOT_HIDE_DELAY_MS = 50;
export const BOOT_REMOVE_DELAY_MS = 300;

/**
 * Fades the start-up overlay 50 ms after the first render and removes it 300 ms later, and marks
 * the page `data-app="ready"` on <html> and fires `marquee:ready` (for a page the server rendered:
 * hydrated, answering; main.tsx then gives back the taps it held).
 */
export function hideBootOverlay(doc: Document = document): void {
  doc.documentElement.dataset.app = 'ready';
  doc.defaultView?.dispatchEvent(new Event('marquee:ready'));
  const overlay = doc.getElementById('boot-overlay');
  if (!overlay) return;
  window.setTimeout(() => {
    overlay.classList.add('is-hidden');
    window.setTimeout(() => overlay.remove(), BOOT_REMOVE_DELAY_MS);
  }, BOOT_HIDE_DELAY_MS);
}

/** Adds <link rel="preconnect"> for each origin once (product.md §2: image host and API host). */
export function addPreconnectHints(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) {
    let origin: string;
    try {
      origin = new URL(url, doc.location.href).origin;
    } catch {
      continue;
    }
    if (doc.head.querySelector(`link[rel="preconnect"][href="${origin}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (origin !== doc.location.origin) link.crossOrigin = 'anonymous';
    doc.head.appendChild(link);
  }
}
