import { useState } from 'react';
import { Megaphone, MessagesSquare, Sparkles } from 'lucide-react';
import { LazyDialog as Dialog } from '@/components/ui/lazy-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useAppConfig } from '@/lib/app-config.ts';

/** The four static announcements of the Latest Updates modal (product.md §1). */
export const ANNOUNCEMENTS = [
  {
    title: 'Your library, on every device',
    body: 'Sign in and your Watch Later list, viewing history and settings follow you. Changes made offline sync when you are back.',
    date: 'November 2026',
  },
  {
    title: 'Recommendations that explain themselves',
    body: 'Describe a mood — "something scary but funny" — and every suggestion tells you why it was picked.',
    date: 'November 2026',
  },
  {
    title: 'Play your own library',
    body: 'The Library source streams the video files of your own media folder, and remembers where you stopped.',
    date: 'October 2026',
  },
  {
    title: 'Comfort settings',
    body: 'Larger text, high contrast and reduced motion are one click away under Settings → Accessibility.',
    date: 'October 2026',
  },
] as const;

const FLOATING =
  'inline-flex items-center gap-2 rounded-full border border-white/10 bg-ink-800/90 px-4 py-2.5 text-sm font-medium text-fg shadow-xl backdrop-blur transition-colors hover:border-gold-400/50 hover:text-gold-200';

/** The floating Latest Updates button and its modal, plus the floating community link. */
export function FloatingActions() {
  const [open, setOpen] = useState(false);
  const { data: config } = useAppConfig();
  return (
    <>
      <div className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-2 sm:right-6 sm:bottom-6">
        {config?.community_url ? (
          <a
            href={config.community_url}
            target="_blank"
            rel="noopener noreferrer"
            className={FLOATING}
            aria-label="Join the community chat (opens in a new tab)"
          >
            <MessagesSquare className="size-4 text-gold-400" aria-hidden />
            <span className="hidden sm:inline">Community</span>
          </a>
        ) : null}
        <button
          type="button"
          className={FLOATING}
          onClick={() => setOpen(true)}
          aria-haspopup="dialog"
          aria-label="Latest Updates"
        >
          <Megaphone className="size-4 text-gold-400" aria-hidden />
          <span className="hidden sm:inline">Latest Updates</span>
        </button>
      </div>
      <Dialog open={open} onOpenChange={setOpen} title="Latest Updates" description="What's new in Marquee.">
        <ul className="space-y-4">
          {ANNOUNCEMENTS.map((item) => (
            <li key={item.title} className="flex gap-3 rounded-xl border border-white/5 bg-white/[0.03] p-4">
              <Sparkles className="mt-0.5 size-5 shrink-0 text-gold-400" aria-hidden />
              <div>
                <p className="font-medium text-fg">{item.title}</p>
                <p className="mt-1 text-sm text-fg-muted">{item.body}</p>
                <p className="mt-2 text-xs text-fg-subtle">{item.date}</p>
              </div>
            </li>
          ))}
        </ul>
        <Button className="mt-6 w-full" onClick={() => setOpen(false)}>
          Got it
        </Button>
      </Dialog>
    </>
  );
}
