import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

/** The page column shared by every marketing section. */
export function Container({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-5 sm:px-8', className)}>{children}</div>;
}

/** Eyebrow + serif heading + optional lead, the opening of every section. */
export function SectionIntro({
  id,
  eyebrow,
  title,
  children,
  tone = 'light',
  className,
}: {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  return (
    <div className={cn('max-w-2xl', className)}>
      <p className={cn('eyebrow', tone === 'dark' && 'text-[#d9bf8c]')}>{eyebrow}</p>
      <h2
        id={id}
        className={cn(
          'mt-4 text-4xl leading-[1.05] sm:text-5xl lg:text-[56px]',
          tone === 'dark' ? 'text-ivory' : 'text-ink',
        )}
      >
        {title}
      </h2>
      {children && (
        <div
          className={cn(
            'mt-6 text-base leading-relaxed sm:text-lg',
            tone === 'dark' ? 'text-ivory/80' : 'text-stone',
          )}
        >
          {children}
        </div>
      )}
    </div>
  );
}

/** A deep-sea backdrop with a low champagne glow: what shows when there is no photograph. */
export const gradientBackdrop =
  'bg-sea bg-[radial-gradient(ellipse_at_75%_115%,rgb(168_132_79/0.38)_0%,transparent_55%),radial-gradient(ellipse_at_15%_0%,#3c6a72_0%,#17313a_52%,#0d1d22_100%)]';
