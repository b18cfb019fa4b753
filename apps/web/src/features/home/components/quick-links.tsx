import { Link } from 'react-router';
import { ArrowUpRight, Clock, Compass, History, ListVideo } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { SECTION_CONTAINER } from './section-header.tsx';

const QUICK_LINKS = [
  { to: paths.browse, label: 'Browse All', hint: 'Every film and series', icon: Compass },
  { to: paths.watchLater, label: 'Watch Later', hint: 'Your saved titles', icon: Clock },
  { to: paths.history, label: 'History', hint: 'What you have watched', icon: History },
  { to: paths.lists, label: 'Lists', hint: 'Curated collections', icon: ListVideo },
] as const;

/** The four quick links of product.md §2 Home page. */
export function QuickLinks() {
  return (
    <nav aria-label="Quick links" className={`${SECTION_CONTAINER} pt-10`}>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {QUICK_LINKS.map(({ to, label, hint, icon: Icon }) => (
          <li key={label}>
            <Link
              to={to}
              className="group flex h-full items-center gap-2.5 rounded-xl border border-white/5 bg-white/[0.03] p-3 transition-colors hover:border-gold-400/40 hover:bg-white/[0.06] sm:gap-3 sm:p-4"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-gold-400/10 text-gold-400 transition-colors group-hover:bg-gold-400 group-hover:text-ink-950 sm:size-10">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-fg sm:text-base">{label}</span>
                <span className="hidden truncate text-xs text-fg-subtle sm:block" aria-hidden>
                  {hint}
                </span>
              </span>
              <ArrowUpRight
                className="hidden size-4 shrink-0 text-fg-subtle transition-colors group-hover:text-gold-300 sm:block"
                aria-hidden
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
