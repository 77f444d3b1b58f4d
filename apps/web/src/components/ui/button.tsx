import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

const variants = {
  primary: 'bg-ink text-ivory hover:bg-sea disabled:bg-stone/60',
  gold: 'bg-gold-deep text-paper hover:bg-[#654b28] disabled:opacity-60',
  outline: 'border border-ink/80 text-ink hover:bg-ink hover:text-ivory disabled:opacity-50',
  ghost: 'text-ink hover:bg-sand/70 disabled:opacity-50',
  light: 'border border-white/70 text-white hover:bg-white hover:text-ink',
  danger: 'bg-danger text-white hover:bg-[#7f2323] disabled:opacity-60',
} as const;
const sizes = {
  sm: 'h-9 px-4 text-xs',
  md: 'h-11 px-6 text-sm',
  lg: 'h-13 px-8 text-sm',
  icon: 'h-10 w-10 justify-center',
} as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  asChild?: boolean;
}

/** The house button: square-ish corners, letter-spaced uppercase label, no library look. */
export function Button({
  variant = 'primary',
  size = 'md',
  asChild,
  className,
  type,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      type={asChild ? undefined : (type ?? 'button')}
      className={cn(
        'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-[2px] font-medium uppercase tracking-[0.14em] transition-colors duration-200 disabled:cursor-not-allowed',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}
