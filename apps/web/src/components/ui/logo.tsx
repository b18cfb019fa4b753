import { cn } from '@/lib/cn.ts';

/** The Marquee wordmark: a lit sign, bulbs above and below the name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#151923" />
        <path d="M14 46V18h7l11 15 11-15h7v28h-7V30l-11 14-11-14v16z" fill="var(--color-gold-400)" />
        <g fill="var(--color-gold-400)" opacity=".6">
          <circle cx="10" cy="9" r="2.5" />
          <circle cx="21" cy="9" r="2.5" />
          <circle cx="32" cy="9" r="2.5" />
          <circle cx="43" cy="9" r="2.5" />
          <circle cx="54" cy="9" r="2.5" />
          <circle cx="10" cy="55" r="2.5" />
          <circle cx="21" cy="55" r="2.5" />
          <circle cx="32" cy="55" r="2.5" />
          <circle cx="43" cy="55" r="2.5" />
          <circle cx="54" cy="55" r="2.5" />
        </g>
      </svg>
      <span className="font-display text-xl font-semibold tracking-[0.18em] text-fg uppercase">Marquee</span>
    </span>
  );
}
