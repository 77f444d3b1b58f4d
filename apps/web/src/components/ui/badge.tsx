import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

const tones = {
  neutral: 'bg-sand text-ink',
  gold: 'bg-[#f1e7d6] text-gold-deep',
  success: 'bg-[#e3eee6] text-success',
  danger: 'bg-[#f6e1e1] text-danger',
  yellow: 'bg-[#fbf0c9] text-[#6b5209]',
  blue: 'bg-[#dfe9f5] text-[#1f4f86]',
  green: 'bg-[#e3eee6] text-success',
  gray: 'bg-[#ebebea] text-[#4a4a48]',
  dark: 'bg-ink/80 text-white backdrop-blur',
} as const;

export function Badge({
  tone = 'neutral',
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-[11px] font-medium tracking-wide',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
