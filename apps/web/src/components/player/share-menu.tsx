import { useEffect, useRef, useState } from 'react';
import { Share2 } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { openAppPopup } from '@/lib/player/popup-guard.ts';
import { shareUrls, TOAST_MS } from '@/lib/player/player-rules.ts';

/** Share menu of the player header (player.md §7 Sharing, §8 Share toasts). */
export function ShareMenu({ text, url }: { text: string; url: string }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const urls = shareUrls(text, url);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menuRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function copy() {
    setOpen(false);
    try {
      await navigator.clipboard.writeText(url);
      toast('Copied to Clipboard!', { description: 'Share link copied to clipboard.', duration: TOAST_MS.change });
    } catch {
      toast('Share Info', { description: `Share this: ${url}`, duration: TOAST_MS.shareInfo });
    }
  }

  const item =
    'block w-full rounded-md px-3 py-2 text-left text-sm text-fg hover:bg-white/10 focus-visible:bg-white/10 focus-visible:outline-none';
  return (
    <div ref={menuRef} className="relative">
      <Button variant="secondary" size="sm" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Share2 className="size-4" aria-hidden />
        Share
      </Button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-30 mt-2 w-48 rounded-xl border border-white/10 bg-ink-850 p-1 shadow-2xl"
        >
          <button
            role="menuitem"
            className={item}
            onClick={() => {
              setOpen(false);
              openAppPopup(urls.twitter.href, 'share-twitter', urls.twitter.width, urls.twitter.height);
            }}
          >
            Share on Twitter
          </button>
          <button
            role="menuitem"
            className={item}
            onClick={() => {
              setOpen(false);
              openAppPopup(urls.facebook.href, 'share-facebook', urls.facebook.width, urls.facebook.height);
            }}
          >
            Share on Facebook
          </button>
          <button role="menuitem" className={item} onClick={() => void copy()}>
            Copy link
          </button>
        </div>
      )}
    </div>
  );
}
