import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The dashed panel where a list's rows would be, with the list's icon above what `children` say. */
export function EmptyPanel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-[3px] border border-dashed border-line bg-paper px-6 py-16 text-center">
      <Icon className="h-9 w-9 text-gold-deep" strokeWidth={1.25} aria-hidden />
      {children}
    </div>
  );
}

/**
 * An admin list with no rows yet: its icon, a title and a sentence on what will appear here, in a
 * dashed panel where the rows would be.
 */
export function ListEmpty({
  icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <EmptyPanel icon={icon}>
      <p className="mt-5 font-display text-3xl">{title}</p>
      <p className="mt-3 max-w-md text-sm leading-relaxed text-stone">{children}</p>
    </EmptyPanel>
  );
}
