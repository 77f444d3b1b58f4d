import { Switch as S } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * An on/off switch (role="switch", Space toggles it): a sand track that turns green when on. Label it
 * with a <label htmlFor> naming what it switches.
 */
export function Switch({ className, ...props }: Omit<ComponentProps<typeof S.Root>, 'children'>) {
  return (
    <S.Root
      {...props}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-ink/30 bg-sand transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep data-[state=checked]:border-success data-[state=checked]:bg-success disabled:cursor-wait disabled:opacity-70',
        className,
      )}
    >
      <S.Thumb className="block h-4.5 w-4.5 translate-x-0.5 rounded-full bg-paper shadow-soft transition-transform data-[state=checked]:translate-x-[22px]" />
    </S.Root>
  );
}
