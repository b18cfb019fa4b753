import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** The "nothing here yet" panel of a list screen: an icon, a title, the explanation, an action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
  headingLevel,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** When the panel is the page's main message, its title is a heading of this level. */
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <div
      className={cn(
        'relative flex flex-col items-center overflow-hidden rounded-2xl border border-dashed border-white/10 bg-ink-900/40 px-6 py-16 text-center',
        className,
      )}
    >
      <div
        className="pointer-events-none absolute inset-x-0 -top-24 mx-auto h-48 w-[28rem] max-w-full rounded-full bg-gold-400/10 blur-3xl"
        aria-hidden
      />
      <span className="relative inline-flex size-16 items-center justify-center rounded-2xl bg-white/5 ring-1 ring-white/10">
        <Icon className="size-8 text-gold-300" aria-hidden />
      </span>
      <Title className="relative mt-5 font-display text-2xl tracking-wide text-fg">{title}</Title>
      {children ? <div className="relative mt-2 max-w-md text-fg-muted">{children}</div> : null}
      {action ? <div className="relative mt-6">{action}</div> : null}
    </div>
  );
}
