import { NavLink } from 'react-router';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';

/** The screens of what the viewer watched (DESIGN.md "Tracking"), one link each. */
const TRACKING_LINKS = [
  { to: paths.history, label: 'History' },
  { to: paths.progress, label: 'Progress' },
  { to: paths.calendar, label: 'Calendar' },
  { to: paths.stats, label: 'Statistics' },
] as const;

function linkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors sm:px-4',
    isActive
      ? 'border-gold-400 bg-gold-400/15 text-fg'
      : 'border-white/15 text-fg-muted hover:border-white/30 hover:text-fg',
  );
}

/**
 * Links between History, Progress, Calendar and Statistics, above each of them: the header keeps
 * the specification's six links, and these screens are one place with four views.
 */
export function TrackingNav() {
  return (
    <nav aria-label="Your viewing" className="mb-6 flex flex-wrap gap-1.5 sm:gap-2">
      {TRACKING_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={linkClass}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
