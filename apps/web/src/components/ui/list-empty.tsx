import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * An admin list with no rows yet: its icon, a title and a sentence on what will appear here, in a
 * dashed panel where the rows would be.
 */
export function ListEmpty({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-[3px] border border-dashed border-line bg-paper px-6 py-16 text-center">
      <Icon className="h-9 w-9 text-gold-deep" strokeWidth={1.25} aria-hidden />
      <p className="mt-5 font-display text-3xl">{title}</p>
      <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">{children}</p>
    </div>
  );
}
