import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/** A centred sheet on paper with a serif title; full-height on phones. */
export function DialogContent({
  title,
  description,
  children,
  className,
  wide,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  wide?: boolean;
}) {
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-ink/55 backdrop-blur-[2px] data-[state=open]:animate-in" />
      <D.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-[3px] bg-paper p-6 shadow-lift sm:p-8',
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
    </D.Portal>
  );
}
