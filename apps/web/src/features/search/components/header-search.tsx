import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { paths } from '@/config/paths.ts';
import { cn } from '@/lib/cn.ts';

/**
 * The header's search box: submits the trimmed term to /search?q=, ignoring blank input
 * (product.md §5).
 */
export function HeaderSearch({ className, onSubmitted }: { className?: string; onSubmitted?: () => void }) {
  const [term, setTerm] = useState('');
  const navigate = useNavigate();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    void navigate(paths.search(trimmed));
    onSubmitted?.();
  }

  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <label className="sr-only" htmlFor={onSubmitted ? 'mobile-search' : 'header-search'}>
        Search movies and series
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
        aria-hidden
      />
      <input
        id={onSubmitted ? 'mobile-search' : 'header-search'}
        type="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder="Search movies, series..."
        autoComplete="off"
        className="h-10 w-full rounded-lg border border-white/10 bg-white/5 pr-3 pl-9 text-sm text-fg placeholder:text-fg-subtle transition-colors focus:border-gold-400/60 focus:bg-white/10 focus:outline-none"
      />
    </form>
  );
}
