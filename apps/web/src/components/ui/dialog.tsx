import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { useReturnFocus } from './return-focus';
import { dialogFrameStyle, dialogMaxHeight } from './toaster';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  wide?: boolean;
  /**
   * Where focus goes when the dialog closes, when that is not the control that opened it (which
   * gets it back by default, with or without a DialogTrigger): e.g. the card of a link just created.
   * Returning nothing falls back to the opener.
   */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * A centred sheet on paper with a serif title, below the toast band (toaster.tsx) so a toast never
 * covers it; it scrolls inside when taller than the screen. Closing it returns focus to the control
 * that opened it, also when it was opened by state rather than a DialogTrigger.
 */
export function DialogContent(props: DialogContentProps) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink/55 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <div
        className="pointer-events-none fixed inset-0 z-50 grid justify-items-center px-3"
        style={dialogFrameStyle}
      >
        <Content {...props} />
      </div>
    </D.Portal>
  );
}

/** Mounted only while open (the Portal's children are), so it remembers the opener at opening. */
function Content({ title, description, children, className, wide, returnFocus }: DialogContentProps) {
  const onCloseAutoFocus = useReturnFocus(returnFocus);
  return (
    <D.Content
      onCloseAutoFocus={onCloseAutoFocus}
      style={{ maxHeight: dialogMaxHeight }}
      className={cn(
        'pointer-events-auto relative row-start-2 w-full overflow-y-auto rounded-[3px] bg-paper p-6 shadow-lift sm:p-8',
        wide ? 'max-w-5xl' : 'max-w-lg',
        className,
      )}
    >
      <div className="mb-6 pr-8">
        <D.Title className="font-display text-3xl font-medium leading-tight text-ink">{title}</D.Title>
        {description ? (
          <D.Description className="mt-2 text-sm text-stone">{description}</D.Description>
        ) : (
          <D.Description className="sr-only">{typeof title === 'string' ? title : 'Dialog'}</D.Description>
        )}
      </div>
      {children}
      <D.Close
        className="absolute right-4 top-4 inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-full text-stone hover:bg-sand hover:text-ink"
        aria-label="Close"
      >
        <X className="h-5 w-5" aria-hidden />
      </D.Close>
    </D.Content>
  );
}

export interface FullScreenDialogContentProps extends Omit<ComponentProps<typeof D.Content>, 'title'> {
  /** The dialog's name for assistive technology (the caller draws what is seen). */
  title: string;
  overlayClassName?: string;
}

/**
 * A dialog that fills the screen (the photo viewer): the caller draws everything but its name; focus
 * is trapped inside, Escape closes, and closing returns focus to the opener (or the next control).
 */
export function FullScreenDialogContent(props: FullScreenDialogContentProps) {
  return (
    <D.Portal>
      <D.Overlay className={props.overlayClassName} />
      <FullScreenContent {...props} />
    </D.Portal>
  );
}

function FullScreenContent({
  title,
  overlayClassName: _overlay,
  children,
  ...props
}: FullScreenDialogContentProps) {
  const onCloseAutoFocus = useReturnFocus();
  return (
    <D.Content aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus} {...props}>
      <D.Title className="sr-only">{title}</D.Title>
      {children}
    </D.Content>
  );
}
