import { plural, pluralWord } from '@villas/shared';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CreateLinkDialog, type CreateLinkDialogProps } from './create-link-dialog';

export interface SelectionBarProps extends Omit<CreateLinkDialogProps, 'className'> {
  /** Clears the selection (the bar then goes away). */
  onClear: () => void;
}

export const selectedLabel = (count: number) => `${plural(count, 'villa')} selected`;

/**
 * The dashboard's selection bar: once villas are selected, their count, 'Create White-label Link' and
 * 'Clear selection' stay within reach at the bottom of the screen while the agent scrolls (sticky, so
 * at the end of the list it rests below the last card instead of covering it). Changes of the count
 * are announced from a live region that is always present, since one added with the bar would not be.
 */
export function SelectionBar({ onClear, ...dialog }: SelectionBarProps) {
  const count = dialog.selectedIds.length;
  return (
    <>
      <p role="status" className="sr-only">
        {count > 0 ? selectedLabel(count) : 'No villas selected'}
      </p>
      {count > 0 && (
        <section
          aria-label="Selected villas"
          className="sticky bottom-0 z-30 -mx-5 mt-10 border-t border-line bg-paper/95 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-10px_30px_-12px_rgba(31,27,22,0.25)] backdrop-blur sm:mx-0 sm:rounded-t-[3px] sm:border-x sm:px-6"
        >
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2.5">
            <p className="mr-auto text-sm text-ink">
              <span className="font-display text-2xl leading-none lining-nums">{count}</span>{' '}
              <span className="text-stone">{pluralWord(count, 'villa')} selected</span>
            </p>
            <Button variant="ghost" size="sm" onClick={onClear}>
              <X className="h-4 w-4" aria-hidden />
              Clear selection
            </Button>
            <CreateLinkDialog {...dialog} className="w-full sm:w-auto [&>button]:w-full" />
          </div>
        </section>
      )}
    </>
  );
}
