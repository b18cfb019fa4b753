import { Slider as RadixSlider } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export interface SliderProps {
  value: number;
  min: number;
  max: number;
  step?: number;
  /** Every step, while dragging or with the keyboard. */
  onValueChange?: (value: number) => void;
  /** Once the user lets go (pointer up, or each key press): where to save or announce. */
  onValueCommit?: (value: number) => void;
  /** The thumb's accessible name. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** How a screen reader speaks the value, e.g. "6 columns". */
  valueText?: (value: number) => string;
  /** Draws a tick under each step. */
  showTicks?: boolean;
  disabled?: boolean;
  className?: string;
}

/** A single-thumb slider (role "slider") with arrow, Page and Home/End keys. */
export function Slider({
  value,
  min,
  max,
  step = 1,
  onValueChange,
  onValueCommit,
  valueText,
  showTicks = false,
  disabled,
  className,
  ...labels
}: SliderProps) {
  const ticks = showTicks ? Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step) : [];
  return (
    <div className={cn('w-full', className)}>
      <RadixSlider.Root
        className="relative flex h-6 w-full touch-none items-center select-none data-[disabled]:opacity-50"
        value={[value]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        onValueChange={([next]) => next !== undefined && onValueChange?.(next)}
        onValueCommit={([next]) => next !== undefined && onValueCommit?.(next)}
      >
        <RadixSlider.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-white/10 hc:bg-white/40">
          <RadixSlider.Range className="absolute h-full rounded-full bg-gradient-to-r from-gold-500 to-gold-300" />
        </RadixSlider.Track>
        <RadixSlider.Thumb
          {...labels}
          aria-valuetext={valueText?.(value)}
          className="block size-5 cursor-grab rounded-full border-2 border-gold-300 bg-ink-950 shadow-[0_0_0_4px_rgb(246_196_83/0.15)] transition-shadow hover:shadow-[0_0_0_6px_rgb(246_196_83/0.2)] focus-visible:shadow-[0_0_0_6px_rgb(246_196_83/0.35)] active:cursor-grabbing"
        />
      </RadixSlider.Root>
      {ticks.length > 0 ? (
        <div className="mt-1 flex justify-between px-[3px] text-[11px] text-fg-subtle tabular-nums" aria-hidden>
          {ticks.map((tick) => (
            <span key={tick} className={cn('w-4 text-center', tick === value && 'font-semibold text-gold-300')}>
              {tick}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
