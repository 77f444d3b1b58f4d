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

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <T.Trigger
      value={value}
      className="-mb-px cursor-pointer whitespace-nowrap border-b-2 border-transparent pb-3 text-sm font-medium tracking-wide text-stone hover:text-ink data-[state=active]:border-gold-deep data-[state=active]:text-ink"
    >
      {children}
    </T.Trigger>
  );
}
