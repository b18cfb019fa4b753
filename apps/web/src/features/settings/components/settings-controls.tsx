import { useId, type ReactNode } from 'react';
import { Slider } from '@/components/ui/slider.tsx';
import { Switch } from '@/components/ui/switch.tsx';
import { cn } from '@/lib/cn.ts';

/** A titled card that groups related settings. */
export function SettingsSection({
  title,
  description,
  children,
  id,
  actions,
  className,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
  actions?: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn(
        'scroll-mt-36 rounded-2xl lg:scroll-mt-24 border border-white/[0.07] bg-gradient-to-b from-ink-850/90 to-ink-900/60 p-5 shadow-[0_1px_0_rgb(255_255_255/0.04)_inset] sm:p-6 hc:border-white/40',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-display text-lg tracking-wide text-fg">
            {title}
          </h3>
          {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      <div className="mt-4 divide-y divide-white/[0.06]">{children}</div>
    </section>
  );
}

const ROW = 'flex items-center justify-between gap-4 py-4 first:pt-1 last:pb-1';
const LABEL = 'block text-sm font-medium text-fg';
const HINT = 'mt-0.5 block text-[13px] leading-snug text-fg-subtle';

/** A boolean setting: its label and explanation, and a switch. */
export function ToggleRow({
  label,
  description,
  checked,
  onCheckedChange,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={ROW}>
      <div className="min-w-0">
        <label htmlFor={id} className={cn(LABEL, 'cursor-pointer')}>
          {label}
        </label>
        {description ? (
          <span id={`${id}-hint`} className={HINT}>
            {description}
          </span>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? `${id}-hint` : undefined}
      />
    </div>
  );
}

/** A choice among a few values, as a native select (keyboard and screen-reader friendly everywhere). */
export function SelectRow<T extends string | number>({
  label,
  description,
  value,
  options,
  onChange,
}: {
  label: string;
  description?: ReactNode;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className={cn(ROW, 'flex-col items-stretch sm:flex-row sm:items-center')}>
      <div className="min-w-0">
        <label htmlFor={id} className={LABEL}>
          {label}
        </label>
        {description ? (
          <span id={`${id}-hint`} className={HINT}>
            {description}
          </span>
        ) : null}
      </div>
      <select
        id={id}
        value={String(value)}
        aria-describedby={description ? `${id}-hint` : undefined}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
        className="h-10 w-full shrink-0 rounded-lg border border-white/10 bg-ink-800 px-3 text-sm text-fg transition-colors hover:border-white/20 focus:border-gold-400/60 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-gold-400/50 sm:w-60 hc:border-white/60"
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A number setting on a slider: the value beside the label, saved as it moves, announced on release. */
export function SliderRow({
  label,
  description,
  value,
  min,
  max,
  step,
  unit,
  onChange,
  onCommit,
  children,
}: {
  label: string;
  description?: ReactNode;
  value: number;
  min: number;
  max: number;
  step: number;
  /** Spoken and shown after the value: "columns", "titles". */
  unit: string;
  onChange: (value: number) => void;
  onCommit: (value: number) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn(ROW, 'flex-col items-stretch gap-3')}>
      <div className="flex items-baseline justify-between gap-4">
        <div className="min-w-0">
          <span id={id} className={LABEL}>
            {label}
          </span>
          {description ? <span className={HINT}>{description}</span> : null}
        </div>
        <output
          aria-hidden
          className="shrink-0 rounded-md bg-gold-400/10 px-2 py-0.5 font-display text-lg leading-tight text-gold-300 tabular-nums"
        >
          {value}
        </output>
      </div>
      <Slider
        value={value}
        min={min}
        max={max}
        step={step}
        aria-labelledby={id}
        valueText={(current) => `${current} ${unit}`}
        onValueChange={onChange}
        onValueCommit={onCommit}
        showTicks
      />
      {children}
    </div>
  );
}
