import { DropdownMenu } from 'radix-ui';
import { Share2 } from 'lucide-react';
import { toast } from '@/lib/toast.ts';
import { Button } from '@/components/ui/button.tsx';
import { openAppPopup } from '@/lib/player/popup-guard.ts';
import { shareUrls, TOAST_MS } from '@/lib/player/player-rules.ts';

// The highlighted item (pointer or arrow keys) gets a background; keyboard focus also the app's
// gold outline, drawn inside so the menu's rounded edge does not clip it.
const ITEM =
  'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-fg-muted outline-hidden data-[highlighted]:bg-white/10 data-[highlighted]:text-fg focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-solid focus-visible:outline-gold-400';

/**
 * Share menu of the player header (player.md §7 Sharing, §8 Share toasts). Radix gives it the menu
 * pattern: arrow keys, Home/End and type-ahead move through the items, Escape and an outside click
 * close it, and the focus returns to the Share button. Not modal: a modal menu hides the page from
 * screen readers while its controls stay focusable.
 */
export function ShareMenu({ text, url }: { text: string; url: string }) {
  const urls = shareUrls(text, url);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast('Copied to Clipboard!', { description: 'Share link copied to clipboard.', duration: TOAST_MS.change });
    } catch {
      toast('Share Info', { description: `Share this: ${url}`, duration: TOAST_MS.shareInfo });
    }
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Share2 className="size-4" aria-hidden />
          Share
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-56 rounded-xl border border-white/10 bg-ink-850/95 p-1.5 shadow-2xl backdrop-blur-xl data-[state=open]:animate-fade-in"
        >
          <DropdownMenu.Item
            className={ITEM}
            onSelect={() => openAppPopup(urls.twitter.href, 'share-twitter', urls.twitter.width, urls.twitter.height)}
          >
            Share on Twitter
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={ITEM}
            onSelect={() =>
              openAppPopup(urls.facebook.href, 'share-facebook', urls.facebook.width, urls.facebook.height)
            }
          >
            Share on Facebook
          </DropdownMenu.Item>
          <DropdownMenu.Item className={ITEM} onSelect={() => void copy()}>
            Copy link
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
