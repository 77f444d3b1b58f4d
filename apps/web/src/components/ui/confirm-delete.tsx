import { Trash2 } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { cn } from '../../lib/utils';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { notify } from './toaster';

/** The look of a destructive action's button among a card's actions. */
export const DANGER_GHOST = 'text-danger hover:bg-[#f6e1e1]';

/**
 * A Delete button that asks first (an alert dialog, see ConfirmDialog) and then deletes: `remove`
 * runs, and a toast says it was done (`done`) or why it failed (the server's message, else
 * `failed`). The button is a danger ghost 'Delete' with a bin, its subject named for screen readers;
 * `trigger` replaces it where a screen has its own (an icon on a chip).
 */
export function ConfirmDelete({
  label = 'Delete',
  icon = <Trash2 className="h-3.5 w-3.5" aria-hidden />,
  subject,
  ariaLabel,
  className = DANGER_GHOST,
  size = 'sm',
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel = 'Deleting...',
  remove,
  done,
  failed,
  focusAfter,
}: {
  /** The button's text; '' for an icon alone (then `ariaLabel` names it). */
  label?: string;
  icon?: ReactNode;
  /** What is deleted, read after the label by screen readers ('Delete Villa Aurora'). */
  subject?: string;
  ariaLabel?: string;
  className?: string;
  size?: 'sm' | 'icon';
  trigger?: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  remove: () => Promise<unknown>;
  /** The success toast: its title and text. */
  done: [title: string, text?: string];
  /** The failure toast's text when the server gave none. */
  failed: string;
  focusAfter?: () => HTMLElement | null | undefined;
}) {
  const onConfirm = () =>
    remove().then(
      () => {
        notify.success(...done);
        return true;
      },
      (err: unknown) => {
        notify.error('Error', errorMessage(err, failed));
        return false;
      },
    );
  return (
    <ConfirmDialog
      trigger={
        trigger ?? (
          <Button size={size} variant="ghost" className={cn(className)} aria-label={ariaLabel}>
            {icon}
            {subject ? `${label} ` : label}
            {subject && <span className="sr-only">{subject}</span>}
          </Button>
        )
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel}
      onConfirm={onConfirm}
      focusAfter={focusAfter}
    />
  );
}
