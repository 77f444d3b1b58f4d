import type { CSSProperties } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { LIMITS } from '@villas/shared';

/** Distance of the toast from the top of the screen. */
export const TOAST_OFFSET_PX = 16;
/**
 * The strip at the top of the screen a toast may occupy: the offset plus a toast with a title and a
 * three-line description. Dialogs never reach into it (`dialogFrameStyle`), so a toast never covers
 * a dialog's title, close button, fields or buttons, on a phone as on a desktop.
 */
export const TOAST_BAND_PX = 124;

/**
 * The frame an open dialog is centred in: the viewport below the toast band. A short dialog sits in
 * the middle of the screen as before; a tall one starts below the band and scrolls inside.
 */
export const dialogFrameStyle: CSSProperties = {
  gridTemplateRows: `minmax(${TOAST_BAND_PX}px, 1fr) auto minmax(0.75rem, 1fr)`,
};
export const dialogMaxHeight = `calc(100dvh - ${TOAST_BAND_PX}px - 0.75rem)`;

/**
 * One toast visible at a time, 5 s, swipe right to dismiss, region hotkey F8. At the
 * top centre on every screen: dialogs keep their actions at the bottom and stay out of the band the
 * toast uses, and on a phone a top toast covers neither the keyboard nor a bottom action bar.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={LIMITS.toastDurationMs}
      hotkey={['F8']}
      position="top-center"
      offset={TOAST_OFFSET_PX}
      mobileOffset={TOAST_OFFSET_PX}
      swipeDirections={['right', 'top']}
      toastOptions={{
        classNames: {
          toast: 'rounded-[3px] border border-line bg-paper text-ink shadow-lift font-sans',
          title: 'font-medium',
          description: 'text-stone',
          error: 'border-danger/40',
        },
      }}
    />
  );
}

/** Title + text toasts as the error catalogue names them; destructive ones are errors. */
export const notify = {
  success: (title: string, description?: string) => toast.success(title, { description }),
  error: (title: string, description?: string) => toast.error(title, { description }),
};
