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

/** What a keyboard reaches with Tab. */
const TABBABLE =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** The tabbable controls in `scope`, overlays being closed left out. */
function controlsIn(scope: Element, closing: Element | null): HTMLElement[] {
  return [...scope.querySelectorAll(TABBABLE)].filter(
    (el): el is HTMLElement => canTakeFocus(el) && !closing?.contains(el),
  );
}

const following = (opener: Element, controls: HTMLElement[]) =>
  controls.find(
    (el) => el !== opener && opener.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING,
  );

/** Where focus may go on from when the opener is gone: its containers, and the control after it in each. */
export interface Origin {
  opener: Element;
  containers: Array<{ scope: Element; after: HTMLElement | undefined }>;
}

export function originOf(opener: Element): Origin {
  return {
    opener,
    containers: containersOf(opener).map((scope) => ({
      scope,
      after: following(opener, controlsIn(scope, null)),
    })),
  };
}

/**
 * The control to go on from when the opener is gone (the hold placed, its button replaced) or can no
 * longer take focus (disabled): within the opener's nearest container still in the page, the control
 * that came after the opener, else the container's first control — never the top of the page unless
 * nothing nearer is left. Controls of the closing overlay itself do not count.
 */
export function nextControl(origin: Origin, closing: Element | null): HTMLElement | null {
  for (const { scope, after } of origin.containers) {
    if (!scope.isConnected) continue;
    const controls = controlsIn(scope, closing);
    if (!controls.length) continue;
    const next = origin.opener.isConnected ? following(origin.opener, controls) : after;
    if (next && controls.includes(next)) return next;
    return controls[0]!;
  }
  return null;
}

/** The elements around `el`, nearest first, up to the body. */
function containersOf(el: Element | null): Element[] {
  const out: Element[] = [];
  for (let p = el?.parentElement ?? null; p && p !== p.ownerDocument.documentElement; p = p.parentElement)
    out.push(p);
  return out;
}

/**
 * Focus return for a Radix overlay (dialog, alert dialog, popover), also one opened without its Trigger
 * (a card's button setting state), where Radix has nothing to return to and focus falls to the body.
 * Call it in a component that mounts with the overlay's content: the element focused at that moment
 * (the opener; React has not yet moved focus inside, not even to an autoFocus field) and the
 * containers around it are remembered. The returned handler goes on the content's
 * `onCloseAutoFocus`: it focuses `returnFocus()` when that names an element (e.g. a card that replaced
 * the opener), else the opener if it can still take focus, else the next control where the opener
 * was (`nextControl`), and only then leaves Radix's default.
 */
export function useReturnFocus(returnFocus?: () => HTMLElement | null | undefined) {
  const [origin] = useState(() => {
    const opener = typeof document === 'undefined' ? null : document.activeElement;
    return opener && opener !== opener.ownerDocument.body ? originOf(opener) : null;
  });
  return (event: Event) => {
    if (event.defaultPrevented) return;
    const preferred = returnFocus?.();
    const closing = event.currentTarget instanceof Element ? event.currentTarget : null;
    const target = canTakeFocus(preferred)
      ? preferred
      : canTakeFocus(origin?.opener)
        ? origin.opener
        : origin
          ? nextControl(origin, closing)
          : null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
