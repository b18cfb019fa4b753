import { Link } from 'react-router';
import { Compass, Clock, History, ListVideo } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const QUICK_LINKS = [
  { to: paths.browse, label: 'Browse All', icon: Compass },
  { to: paths.watchLater, label: 'Watch Later', icon: Clock },
  { to: paths.history, label: 'History', icon: History },
  { to: paths.lists, label: 'Lists', icon: ListVideo },
] as const;

export function HomeScreen() {
  useDocumentTitle(null);
  return (
    <div>
      <section className="relative isolate overflow-hidden border-b border-white/5">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(900px_420px_at_20%_20%,rgb(246_196_83/0.16),transparent_70%),radial-gradient(700px_380px_at_90%_60%,rgb(229_72_77/0.14),transparent_70%)]" />
        <div className="mx-auto max-w-[1600px] px-4 pt-20 pb-16 sm:px-6 lg:px-8 lg:pt-28 lg:pb-24">
          <p className="text-sm font-semibold tracking-[0.3em] text-gold-400 uppercase">Now showing</p>
          <h1 className="mt-4 max-w-3xl font-display text-5xl leading-[1.05] font-semibold tracking-wide text-fg sm:text-6xl lg:text-7xl">
            Every film and series worth your evening.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-fg-muted">
            Browse thousands of titles, keep a Watch Later list and a viewing history, and pick up exactly where you
            stopped.
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to={paths.browse} className={buttonClasses('primary', 'lg')}>
              Start browsing
            </Link>
            <Link to={paths.lists} className={buttonClasses('secondary', 'lg')}>
              Curated lists
            </Link>
          </div>
        </div>
      </section>
      <nav
        aria-label="Quick links"
        className="mx-auto grid max-w-[1600px] grid-cols-2 gap-3 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8"
      >
        {QUICK_LINKS.map(({ to, label, icon: Icon }) => (
          <Link
            key={label}
            to={to}
            className="group flex items-center gap-3 rounded-xl border border-white/5 bg-white/[0.03] p-4 transition-colors hover:border-gold-400/40 hover:bg-white/[0.06]"
          >
            <span className="inline-flex size-10 items-center justify-center rounded-lg bg-gold-400/10 text-gold-400">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="font-medium text-fg">{label}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}
