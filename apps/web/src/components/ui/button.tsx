import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn.ts';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-gold-400 text-ink-950 hover:bg-gold-300 active:bg-gold-500 shadow-[0_8px_24px_-10px_rgb(246_196_83/0.6)]',
  secondary: 'bg-white/10 text-fg hover:bg-white/15 active:bg-white/20 backdrop-blur',
  ghost: 'text-fg-muted hover:text-fg hover:bg-white/5',
  outline: 'border border-white/15 text-fg hover:border-white/30 hover:bg-white/5',
};

const SIZES: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
  icon: 'h-10 w-10',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
}

/** The app's button; variants and sizes only, behaviour is the native button's. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
});

/** Class names that make a link look like a Button. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', className?: string): string {
  return cn(
    'inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}
