import type { ReactNode } from 'react';

/** The heading block at the top of a screen. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <header className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-display text-3xl font-semibold tracking-wide text-fg sm:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 max-w-2xl text-fg-muted">{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  );
}
