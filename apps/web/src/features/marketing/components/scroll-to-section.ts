import type { MouseEvent } from 'react';

/**
 * Smoothly scrolls to an in-page section and moves keyboard focus there (the section carries
 * tabIndex -1), without a router navigation. Respects reduced-motion preferences.
 */
export function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  return true;
}

/** onClick for `<a href="#id">`: scrolls in place; falls back to the browser's jump when missing. */
export const onSectionLinkClick = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  if (scrollToSection(id)) event.preventDefault();
};
