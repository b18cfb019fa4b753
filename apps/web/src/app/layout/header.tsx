import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Menu, Settings, X } from 'lucide-react';
import { Logo } from '@/components/ui/logo.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { NAV_LINKS, paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';
import { HeaderSearch } from '@/features/search/components/header-search.tsx';
import { openAuthDialog } from '@/lib/auth/auth-dialog-store.ts';
import { useSession } from '@/lib/auth/session.ts';

// Only signed-in visitors need the menu (and its dropdown code).
const UserMenu = lazy(() =>
  import('@/features/auth/components/user-menu.tsx').then((module) => ({ default: module.UserMenu })),
);

function navClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'relative rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-fg after:absolute after:inset-x-3 after:-bottom-px after:h-0.5 after:rounded-full after:bg-gold-400'
      : 'text-fg-muted hover:text-fg',
  );
}

/** The fixed header: logo, navigation, search, settings and sign-in (product.md §2 Shared layout). */
export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);
  const location = useLocation();
  const { user, isPending: sessionPending } = useSession();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = useRef<HTMLDivElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 8);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape closes the innermost thing first: the menu's search results, then the menu.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      // The focus would go down with the menu's links: give it back to the button that opened it.
      if (menuPanel.current?.contains(document.activeElement)) menuButton.current?.focus();
      setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-40 border-b transition-colors duration-300',
        scrolled || menuOpen
          ? 'border-white/10 bg-ink-950/90 backdrop-blur-xl'
          : 'border-transparent bg-gradient-to-b from-ink-950/95 to-ink-950/40 backdrop-blur-md',
      )}
    >
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-lg" aria-label="Marquee home">
          <Logo />
        </Link>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-0.5 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <HeaderSearch className="hidden w-56 md:block xl:w-72" />
          <Link
            to={paths.settings}
            className="hidden rounded-lg p-2.5 text-fg-muted transition-colors hover:bg-white/5 hover:text-fg md:inline-flex"
            aria-label="Settings"
          >
            <Settings className="size-5" aria-hidden />
          </Link>
          {user ? (
            <Suspense fallback={<span className="size-10 rounded-full bg-white/5" aria-hidden />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <button
              type="button"
              onClick={() => openAuthDialog('sign-in')}
              className={buttonClasses('primary', 'sm', cn('max-md:hidden', sessionPending && 'invisible'))}
            >
              Sign In
            </button>
          )}
          <button
            ref={menuButton}
            type="button"
            className="inline-flex rounded-lg p-2.5 text-fg transition-colors hover:bg-white/5 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <div
          ref={menuPanel}
          id="mobile-menu"
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-ink-950/95 px-4 pt-4 pb-6 backdrop-blur-xl lg:hidden"
        >
          <HeaderSearch className="md:hidden" onSubmitted={() => setMenuOpen(false)} />
          <nav aria-label="Mobile" className="mt-3 flex flex-col">
            {NAV_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.to === '/'}
                className={({ isActive }) =>
                  cn(
                    'rounded-lg px-3 py-3 text-base font-medium transition-colors',
                    isActive ? 'bg-white/5 text-gold-300' : 'text-fg-muted hover:bg-white/5 hover:text-fg',
                  )
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          {user ? null : (
            <button
              type="button"
              onClick={() => {
                setMenuOpen(false);
                openAuthDialog('sign-in');
              }}
              className={buttonClasses('primary', 'md', 'mt-4 w-full md:hidden')}
            >
              Sign In
            </button>
          )}
        </div>
      ) : null}
    </header>
  );
}
