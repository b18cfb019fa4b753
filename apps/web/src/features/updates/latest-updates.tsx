import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { Megaphone, MessagesSquare } from 'lucide-react';
import { useAppConfig } from '@/lib/app-config.ts';

const LatestUpdatesDialog = lazy(() =>
  import('./latest-updates-dialog.tsx').then((module) => ({ default: module.LatestUpdatesDialog })),
);

const FLOATING =
  'inline-flex items-center gap-2 rounded-full border border-white/10 bg-ink-800/90 px-4 py-2.5 text-sm font-medium text-fg shadow-xl backdrop-blur transition-colors hover:border-gold-400/50 hover:text-gold-200';

/**
 * Whether a player is on screen: /watch/..., or a detail page's watching view (`?watch=1`). The
 * floating buttons would sit on the video's own controls (its bottom right corner at 1366×768).
 */
export function isPlayerPage({ pathname, search }: { pathname: string; search: string }): boolean {
  return pathname.startsWith('/watch/') || new URLSearchParams(search).get('watch') === '1';
}

/**
 * The floating Latest Updates button and its modal, plus the floating community link; both stay
 * off the player's pages.
 */
export function FloatingActions() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);
  const { data: config } = useAppConfig();
  const location = useLocation();
  return (
    <>
      <div
        hidden={isPlayerPage(location)}
        className="fixed right-4 bottom-4 z-30 flex flex-col items-end gap-2 sm:right-6 sm:bottom-6"
      >
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
      {wanted ? (
        <Suspense fallback={null}>
          <LatestUpdatesDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
