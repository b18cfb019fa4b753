import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

export type SwitchProps = ComponentPropsWithoutRef<typeof RadixSwitch.Root>;

/** An on/off switch (role "switch"); label it with a <label htmlFor> or aria-label. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch({ className, ...props }, ref) {
  return (
    <RadixSwitch.Root
      ref={ref}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-white/10 bg-ink-600 p-0.5 transition-colors',
        'data-[state=checked]:border-gold-400/60 data-[state=checked]:bg-gold-400 disabled:cursor-not-allowed disabled:opacity-50',
        'hc:border-white',
        className,
      )}
      {...props}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-[18px] rounded-full bg-fg shadow-md transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-ink-950" />
    </RadixSwitch.Root>
  );
});
