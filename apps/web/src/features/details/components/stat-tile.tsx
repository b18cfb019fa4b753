import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** One figure of a stats grid; lives inside a `<dl>`. */
export function StatTile({
  label,
  value,
  note,
  icon,
  className,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col rounded-xl border border-white/[0.06] bg-gradient-to-b from-white/[0.05] to-white/[0.02] px-3 py-3 sm:px-4 sm:py-3.5',
        className,
      )}
    >
      <dt className="flex items-center gap-1.5 text-[10px] font-semibold tracking-[0.12em] text-fg-subtle uppercase sm:text-[11px] sm:tracking-[0.14em]">
        {icon}
        {label}
      </dt>
      <dd className="mt-1.5 font-display text-xl leading-tight tracking-wide text-fg sm:text-2xl">{value}</dd>
      {note ? <dd className="mt-0.5 text-xs text-fg-subtle">{note}</dd> : null}
    </div>
  );
}
