import { AlertDialog } from 'radix-ui';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';
import { canTakeFocus, nextControl, originOf, type Origin } from './return-focus';
import { dialogFrameStyle, dialogMaxHeight } from './toaster';

/**
 * A destructive confirmation (role alertdialog). Nothing is sent before Confirm. The opener gets
 * focus back on Cancel or failure; after a successful confirm the opener is about to disappear, so
 * `focusAfter` names where focus goes instead, or, without it, the next control where the opener was.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  focusAfter,
}: {
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** Resolves true when done (the dialog closes either way). */
  onConfirm: () => Promise<boolean>;
  focusAfter?: () => HTMLElement | null | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const done = useRef(false);
  const origin = useRef<Origin | null>(null);

  const confirm = async () => {
    setPending(true);
    try {
      done.current = await onConfirm();
    } finally {
      setPending(false);
      setOpen(false);
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) {
          done.current = false;
          const opener = document.activeElement;
          origin.current = opener && opener !== document.body ? originOf(opener) : null;
        }
        setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-ink/55 backdrop-blur-[2px]" />
        {/* Centred below the toast band, like every dialog (toaster.tsx). */}
        <div
          className="pointer-events-none fixed inset-0 z-[60] grid justify-items-center px-3"
          style={dialogFrameStyle}
        >
          <AlertDialog.Content
            style={{ maxHeight: dialogMaxHeight }}
            className="pointer-events-auto row-start-2 w-full max-w-md overflow-y-auto rounded-[3px] bg-paper p-6 shadow-lift sm:p-8"
            onCloseAutoFocus={(e) => {
              let target = done.current ? focusAfter?.() : null;
              const opener = origin.current?.opener;
              if (!canTakeFocus(target) && !canTakeFocus(opener) && origin.current)
                target = nextControl(
                  origin.current,
                  e.currentTarget instanceof Element ? e.currentTarget : null,
                );
              if (canTakeFocus(target)) {
                e.preventDefault();
                target.focus();
              }
            }}
          >
            <AlertDialog.Title className="font-display text-3xl leading-tight">{title}</AlertDialog.Title>
            <AlertDialog.Description className="mt-3 text-sm leading-relaxed text-stone">
              {description}
            </AlertDialog.Description>
            <div className="mt-7 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="ghost" disabled={pending}>
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <Button variant="danger" onClick={confirm} disabled={pending}>
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </div>
          </AlertDialog.Content>
        </div>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
