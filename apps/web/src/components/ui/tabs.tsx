import { Tabs as T } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

export const Tabs = T.Root;
export const TabsContent = T.Content;

export function TabsList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <T.List className={cn('flex gap-6 overflow-x-auto border-b border-line', className)}>{children}</T.List>
  );
}

/**
 * The list scrolls sideways on a narrow screen, and so clips what passes its edges: the focus ring is
 * drawn inside the tab (a negative offset), and the tab sits inside the list rather than over its
 * bottom border, so the ring is seen whole.
 */
export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <T.Trigger
      value={value}
      className="cursor-pointer whitespace-nowrap rounded-t-[2px] border-b-2 border-transparent px-1 pt-1 pb-3 text-sm font-medium tracking-wide text-stone hover:text-ink focus-visible:outline-offset-[-2px] data-[state=active]:border-gold-deep data-[state=active]:text-ink"
    >
      {children}
    </T.Trigger>
  );
}
