import { Popover as P } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { useReturnFocus } from './return-focus';

export const Popover = P.Root;
export const PopoverTrigger = P.Trigger;
export const PopoverClose = P.Close;

export interface PopoverContentProps extends ComponentProps<typeof P.Content> {
  /** Where focus goes when the panel closes, when that is not its opener (see DialogContentProps). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * A panel on paper under its trigger, kept inside the screen. Closing it — Escape, a tap outside, a
 * close control — returns focus to the control that opened it, or to the next control where it was
 * when that is gone, never to the top of the page.
 */
export function PopoverContent(props: PopoverContentProps) {
  return (
    <P.Portal>
      <Content {...props} />
    </P.Portal>
  );
}

/** Mounted only while open (the Portal's children are), so it remembers the opener at opening. */
function Content({ returnFocus, className, ...props }: PopoverContentProps) {
  const onCloseAutoFocus = useReturnFocus(returnFocus);
  return (
    <P.Content
      sideOffset={8}
      collisionPadding={12}
      onCloseAutoFocus={onCloseAutoFocus}
      {...props}
      className={cn('z-50 rounded-[3px] border border-line bg-paper shadow-lift', className)}
    />
  );
}
