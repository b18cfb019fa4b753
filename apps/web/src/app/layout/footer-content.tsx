import { Link } from 'react-router';
import { MessageSquareHeart, MessagesSquare } from 'lucide-react';
import { Logo } from '@/components/ui/logo.tsx';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAppConfig, useHealth } from '@/lib/app-config.ts';
import { cn } from '@/lib/cn.ts';
import { openFeedbackDialog } from '@/lib/feedback/feedback-dialog-store.ts';

/** The version label the spec shows in the footer (product.md §2 Shared layout). */
export const FOOTER_VERSION = '2.1.0';

const COLUMNS = [
  {
    heading: 'Discover',
    links: [
      { to: paths.home, label: 'Home' },
      { to: paths.browse, label: 'Browse' },
      { to: paths.browseType('movie'), label: 'Movies' },
      { to: paths.browseType('tv'), label: 'TV Shows' },
      { to: paths.lists, label: 'Lists' },
    ],
  },
  {
    heading: 'Your Library',
    links: [
      { to: paths.watchLater, label: 'Watch Later' },
      { to: paths.history, label: 'History' },
      { to: paths.settings, label: 'Settings' },
      { to: paths.settings, label: 'Accessibility' },
      { to: paths.settings, label: 'Profile' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { to: paths.help, label: 'Help Center' },
      { to: paths.contact, label: 'Contact Us' },
      { to: paths.faq, label: 'FAQ' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.cookies, label: 'Cookie Policy' },
    ],
  },
] as const;

function XIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden fill="currentColor">
      <path d="M24 12.07C24 5.41 18.63 0 12 0S0 5.4 0 12.07C0 18.1 4.39 23.1 10.13 24v-8.44H7.08v-3.49h3.04V9.41c0-3.02 1.8-4.7 4.54-4.7 1.31 0 2.68.24 2.68.24v2.97h-1.5c-1.5 0-1.96.93-1.96 1.89v2.26h3.32l-.53 3.5h-2.8V24C19.62 23.1 24 18.1 24 12.07" />
    </svg>
  );
}

const SOCIAL_LINK =
  'inline-flex size-9 items-center justify-center rounded-full border border-white/10 text-fg-muted transition-colors hover:border-gold-400/50 hover:text-gold-300';

/** What the footer holds: every route, the newsletter box, community and social links, version and status. */
export function FooterContent() {
  const { data: config } = useAppConfig();
  const health = useHealth();
  const shareUrl = config?.public_url ?? (typeof window === 'undefined' ? '' : window.location.origin);
  const isOperational = health.data?.status === 'ok';

  return (
    <>
      {/* The bottom padding keeps the last row clear of the floating buttons at the end of a page. */}
      <div className="mx-auto max-w-[1600px] px-4 pt-14 pb-32 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1.4fr_repeat(4,1fr)]">
          <div className="max-w-sm">
            <Logo />
            <p className="mt-4 text-sm leading-relaxed text-fg-muted">
              Discover, track and watch movies and TV series. AI-powered recommendations that explain themselves, your
              Watch Later and history on every device, and nobody else watching you watch.
            </p>
            <form className="mt-6" onSubmit={(event) => event.preventDefault()} aria-label="Newsletter">
              <label htmlFor="newsletter-email" className="text-sm font-medium text-fg">
                Stay in the loop
              </label>
              <div className="mt-2 flex gap-2">
                <input
                  id="newsletter-email"
                  type="email"
                  placeholder="you@example.com"
                  autoComplete="email"
                  className="h-10 min-w-0 flex-1 rounded-lg border border-white/10 bg-white/5 px-3 text-sm text-fg placeholder:text-fg-subtle focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50"
                />
                <Button type="submit" variant="secondary">
                  Join
                </Button>
              </div>
            </form>
          </div>

          {COLUMNS.map((column) => (
            <nav key={column.heading} aria-label={column.heading}>
              <h2 className="text-xs font-semibold tracking-[0.16em] text-fg-subtle uppercase">{column.heading}</h2>
              <ul className="mt-4 space-y-2.5">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="rounded text-sm text-fg-muted transition-colors hover:text-fg">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <div className="mt-8">
          <button
            type="button"
            onClick={openFeedbackDialog}
            className="inline-flex items-center gap-2 rounded-lg border border-white/10 px-4 py-2 text-sm text-fg-muted transition-colors hover:border-gold-400/40 hover:text-fg"
          >
            <MessageSquareHeart className="size-4 text-gold-300" aria-hidden />
            Send Feedback
          </button>
        </div>

        <div className="mt-12 flex flex-col gap-6 border-t border-white/5 pt-8 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-fg-subtle">
            {/* The server's year and the browser's differ on New Year's Eve in some time zone. */}
            <span suppressHydrationWarning>© {new Date().getFullYear()} Marquee</span>
            <span>Version {FOOTER_VERSION}</span>
            <span className="inline-flex items-center gap-2" role="status">
              <span
                className={cn(
                  'size-2 rounded-full',
                  isOperational
                    ? 'bg-rating-high shadow-[0_0_8px] shadow-rating-high/70'
                    : health.isError
                      ? 'bg-ember-500'
                      : 'bg-fg-subtle',
                )}
                aria-hidden
              />
              {health.isError || health.data?.status === 'unavailable'
                ? 'Service disruption'
                : 'All systems operational'}
            </span>
          </div>
          <div className="flex items-center gap-2">
            {config?.community_url ? (
              <a
                href={config.community_url}
                target="_blank"
                rel="noopener noreferrer"
                className={SOCIAL_LINK}
                aria-label="Join our Discord community"
              >
                <MessagesSquare className="size-4" aria-hidden />
              </a>
            ) : null}
            <a
              href={`https://twitter.com/intent/tweet?text=${encodeURIComponent('Discovering films and series on Marquee')}&url=${encodeURIComponent(shareUrl)}&hashtags=Marquee`}
              target="_blank"
              rel="noopener noreferrer"
              className={SOCIAL_LINK}
              aria-label="Share Marquee on X"
            >
              <XIcon />
            </a>
            <a
              href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`}
              target="_blank"
              rel="noopener noreferrer"
              className={SOCIAL_LINK}
              aria-label="Share Marquee on Facebook"
            >
              <FacebookIcon />
            </a>
          </div>
        </div>
      </div>
    </>
  );
}
