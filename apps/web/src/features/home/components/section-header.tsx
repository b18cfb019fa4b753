import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** The heading row of a home section: title, an optional line under it, and actions on the right. */
export function SectionHeader({
  id,
  title,
  description,
  children,
  className,
}: {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-3', className)}>
      <div className="min-w-0">
        <h2 id={id} className="font-display text-2xl font-semibold tracking-wide text-fg sm:text-3xl">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
      </div>
      {children ? <div className="flex items-center gap-3">{children}</div> : null}
    </div>
  );
}

/** The page-wide container every home section sits in. */
export const SECTION_CONTAINER = 'mx-auto w-full max-w-[1600px] px-4 sm:px-6 lg:px-8';
