import { useState } from 'react';

/** Where focus may go back to: still in the page, not the body, not disabled, not hidden by `inert`. */
export function canTakeFocus(el: Element | null | undefined): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el !== el.ownerDocument.body &&
    el.isConnected &&
    !el.matches(':disabled') &&
    !el.closest('[inert]')
  );
}

/**
 * Focus return for a Radix dialog opened without its Trigger (a card's button setting state), where
 * Radix has nothing to return to and focus falls to the body. Call it in a component that mounts with
 * the dialog's content: the element focused at that moment (the opener; React has not yet moved focus
 * into the dialog, not even to an autoFocus field) is remembered. The returned handler goes on the
 * content's `onCloseAutoFocus`: it focuses `returnFocus()` when that names an element (e.g. a card that
 * replaced the opener), else the opener if it can still take focus, else leaves Radix's default.
 */
export function useReturnFocus(returnFocus?: () => HTMLElement | null | undefined) {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event: Event) => {
    if (event.defaultPrevented) return;
    const preferred = returnFocus?.();
    const target = canTakeFocus(preferred) ? preferred : canTakeFocus(opener) ? opener : null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
