import type { ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Button, type ButtonProps } from './button';
import { DialogClose } from './dialog';

/**
 * The foot of a dialog form: a ghost cancel button and the submit button, stacked with the submit
 * on top on phones, side by side at the right from `sm` up. While `pending` the submit shows
 * `pendingLabel` and is disabled. Without `onCancel` the cancel button just closes the dialog;
 * with it, it runs `onCancel` and is disabled while pending too.
 */
export function DialogActions({
  submitLabel,
  pendingLabel,
  pending,
  disabled,
  onCancel,
  cancelLabel = 'Cancel',
  icon,
  variant,
  markBusy,
  className,
}: {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Disables the submit for another reason than pending (e.g. nothing chosen yet). */
  disabled?: boolean;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Shown before the submit label. */
  icon?: ReactNode;
  variant?: ButtonProps['variant'];
  /** Sets aria-busy on the submit while pending. */
  markBusy?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {onCancel ? (
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
      ) : (
        <DialogClose asChild>
          <Button variant="ghost">{cancelLabel}</Button>
        </DialogClose>
      )}
      <Button
        type="submit"
        variant={variant}
        disabled={disabled || pending}
        aria-busy={(markBusy && pending) || undefined}
      >
        {icon}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}
